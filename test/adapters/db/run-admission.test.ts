import { openDatabase, type DatabaseHandle } from '../../../adapters/db/connect';
import { creditBalance } from '../../../adapters/db/credits';
import { prepareDatabase } from '../../../adapters/db/prepare';
import { overspendScenario, type OverspendScenario } from '../../support/admission-scenario';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { runScript } from '../../support/run-script';

const EXPECTED: OverspendScenario = {
  admitted: 10,
  refused: 20,
  admittedBalance: { balance: 0, totalEarned: 40, totalSpent: 0, reserved: 40 },
  midRunBalance: { balance: 0, totalEarned: 40, totalSpent: 4, reserved: 36 },
  endedBalance: { balance: 0, totalEarned: 40, totalSpent: 40, reserved: 0 },
  claimedStarts: [10, 0],
  claimedReservations: [10, 0],
};

const pgliteScenario = () => runScript<OverspendScenario>('test/support/pglite-admission.ts');

describe('admitExecution: credit overspend (issue 12 item 2)', () => {
  let scratch: TestDatabase;
  let database: DatabaseHandle;
  beforeAll(async () => {
    scratch = await createTestDatabase();
    database = await openDatabase({ url: scratch.url, poolSize: 10 });
    await prepareDatabase(database.db);
  });
  afterAll(async () => {
    await database.close();
    await scratch.drop();
  });

  test('on PostgreSQL, 30 concurrent admissions of 4 credits into 40 admit 10; debits replace the hold; the balance never goes below 0', async () => {
    expect(await overspendScenario(database.db)).toEqual(EXPECTED);
  });

  test('on PGlite, the same; the claims of the starter and the sweep work there too', async () => {
    expect(await pgliteScenario()).toEqual(EXPECTED);
  });

  test('a reservation its ended run left behind holds nothing', async () => {
    const db = database.db;
    const run = await db
      .selectFrom('runs')
      .select(['id', 'workspace_id', 'revision'])
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const before = await creditBalance(db, run.workspace_id);
    await db
      .insertInto('credit_reservations')
      .values({ run_id: run.id, revision: run.revision, workspace_id: run.workspace_id, credits: 25 })
      .execute();
    expect(await creditBalance(db, run.workspace_id)).toEqual(before);
  });
});
