import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../adapters/db/connect';
import { isConnectionLost } from '../../../adapters/db/connection-loss';
import type { Database } from '../../../adapters/db/schema';
import { isAtelierError } from '../../../core/errors';
import { createTestDatabase, TEST_POSTGRES_ADMIN_URL, type TestDatabase } from '../../support/database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('issue 27 item 1: losing a database connection killed the processes', () => {
  let scratch: TestDatabase;
  let admin: Client;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  const uncaught: unknown[] = [];
  const noteUncaught = (err: unknown) => uncaught.push(err);

  /** What a failover, a restart or an idle timeout does: every backend of the database is terminated. */
  const terminateAll = () =>
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [scratch.name]);
  const raw = (text: string) => sql.raw(text).execute(db);

  beforeAll(async () => {
    process.on('uncaughtException', noteUncaught);
    scratch = await createTestDatabase();
    admin = new Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
    await admin.connect();
    handle = await openDatabase({ url: scratch.url, poolSize: 4 });
    db = handle.db;
    await raw('CREATE TABLE notes (id serial PRIMARY KEY, body text)');
  });
  afterAll(async () => {
    process.off('uncaughtException', noteUncaught);
    await handle?.close();
    await admin?.end();
    await scratch?.drop();
  });

  test('a transaction whose backend is terminated between statements fails as a retryable 503, nothing exits', async () => {
    const failure = await db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO notes (body) VALUES ('in a transaction')`.execute(trx);
        await terminateAll();
        await sleep(200);
        await sql`INSERT INTO notes (body) VALUES ('after the drop')`.execute(trx);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );

    expect(isAtelierError(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 'RESOURCE_UNAVAILABLE', retryable: true, status: 503 });
    expect((failure as Error).message).not.toMatch(/terminat|57P01/);
    expect(uncaught).toEqual([]);
    // Nothing of it was written, and the pool answers again on new connections.
    expect((await raw('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 0 }]);
  });

  test('idle pooled connections terminated while nothing runs are replaced on the next query', async () => {
    await Promise.all([1, 2, 3, 4].map(() => raw('SELECT 1')));
    await terminateAll();
    await sleep(200);

    expect((await raw('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(uncaught).toEqual([]);
  });

  test('a read whose backend is terminated while it runs is read again on a new connection', async () => {
    const reads = [1, 2, 3].map(() => raw('SELECT pg_sleep(0.5), 42 AS answer'));
    await sleep(150);
    await terminateAll();

    for (const read of reads) expect((await read).rows).toEqual([{ pg_sleep: '', answer: 42 }]);
    expect(uncaught).toEqual([]);
  });

  test('a write whose backend is terminated while it runs is a 503, not retried (it may have happened)', async () => {
    const write = raw("INSERT INTO notes (body) SELECT 'slow' FROM pg_sleep(0.5)").then(
      () => null,
      (err: unknown) => err,
    );
    await sleep(150);
    await terminateAll();

    expect(await write).toMatchObject({ code: 'RESOURCE_UNAVAILABLE', retryable: true });
    expect(uncaught).toEqual([]);
  });

  test('isConnectionLost tells a lost connection from a wrong statement', async () => {
    const wrong = await raw('SELECT * FROM no_such_table').then(
      () => null,
      (err: unknown) => err,
    );
    expect(isConnectionLost(wrong)).toBe(false);
    expect(
      isConnectionLost({ code: '57P01', message: 'terminating connection due to administrator command' }),
    ).toBe(true);
    expect(isConnectionLost({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
  });
});
