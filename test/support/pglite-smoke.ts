import { sql } from 'kysely';
import { createApiKey, findKey, revokeApiKey } from '../../adapters/db/api-keys';
import { openDatabase } from '../../adapters/db/connect';
import { prepareDatabase } from '../../adapters/db/prepare';
import { createWorkspace } from '../../adapters/db/workspaces';

/**
 * Run by test/adapters/db/pglite.test.ts in a plain Node process: PGlite loads Node builtins with
 * dynamic import(), which Jest's module VM refuses without --experimental-vm-modules.
 * Prints one JSON object with what the test checks.
 */
async function main(): Promise<void> {
  const database = await openDatabase({});
  try {
    await prepareDatabase(database.db);
    await prepareDatabase(database.db);
    const migrations = await sql<{ name: string }>`select name from atelier_migrations order by name`.execute(
      database.db,
    );
    const apps = await database.db
      .selectFrom('apps')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();

    const { workspaceId, ownerId } = await createWorkspace(database.db, 'embedded', 10);
    const { id, key } = await createApiKey(database.db, { workspaceId, userId: ownerId }, 'local');
    const found = await findKey(database.db, key);
    const revoked = await revokeApiKey(database.db, key.slice(0, 10));
    const afterRevoke = await findKey(database.db, key);
    const unknown = await findKey(database.db, `${key}x`);

    const result = {
      kind: database.kind,
      migrations: migrations.rows.map((r) => r.name),
      apps: apps.n,
      ids: { id, workspaceId, ownerId },
      found,
      revoked,
      afterRevoke,
      unknown,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
