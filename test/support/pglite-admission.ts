import { openDatabase } from '../../adapters/db/connect';
import { prepareDatabase } from '../../adapters/db/prepare';
import { overspendScenario } from './admission-scenario';

/**
 * Run by test/adapters/db/run-admission.test.ts in a plain Node process (PGlite's dynamic imports do not
 * load under Jest): the overspend scenario on PGlite in memory, printed as one JSON line.
 */
async function main(): Promise<void> {
  const database = await openDatabase({});
  try {
    await prepareDatabase(database.db);
    console.log(JSON.stringify(await overspendScenario(database.db)));
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
