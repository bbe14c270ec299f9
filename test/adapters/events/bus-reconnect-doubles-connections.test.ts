import { Client } from 'pg';
import { BUS_LISTEN_APPLICATION, createPgBus } from '../../../adapters/events/pg-bus';
import type { EventBus, RunEvent } from '../../../adapters/events/bus';
import { createTestDatabase, TEST_POSTGRES_ADMIN_URL, type TestDatabase } from '../../support/database';
import { eventually } from '../../support/eventually';
import { testLogger } from '../../support/logger';

const DROPS = 5;

describe('issue 27 item 2: each LISTEN/NOTIFY reconnect doubled the bus connections', () => {
  let database: TestDatabase;
  let admin: Client;
  let bus: EventBus;

  /** The backends of the scratch database by application_name (the suite's PostgreSQL, 127.0.0.1:5432). */
  const listeners = async (): Promise<number[]> =>
    (
      await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
        [database.name, BUS_LISTEN_APPLICATION],
      )
    ).rows.map((r) => r.pid);
  const allBackends = async (): Promise<number> =>
    Number(
      (await admin.query('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [database.name]))
        .rows[0].n,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
    await admin.connect();
    bus = await createPgBus(database.url, testLogger);
  });
  afterAll(async () => {
    await bus?.close();
    await admin?.end();
    await database?.drop();
  });

  test(`pg_terminate_backend of the LISTEN connection ${DROPS} times leaves exactly one, and events still arrive`, async () => {
    const before = await listeners();
    expect(before).toHaveLength(1);
    let pid = before[0];
    for (let drop = 1; drop <= DROPS; drop++) {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      const next = await eventually(listeners, (pids) => pids.length === 1 && pids[0] !== pid, 15_000);
      pid = next[0];
      // Give a second reconnect, if one were scheduled, the time to show itself.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await listeners()).toEqual([pid]);
    }
    // One LISTEN connection, and the NOTIFY pool's at most two.
    expect(await allBackends()).toBeLessThanOrEqual(3);

    const received: RunEvent[] = [];
    const unsubscribe = bus.subscribe('run-1', (event) => received.push(event));
    await eventually(
      async () => {
        await bus.publish({ runId: 'run-1', kind: 'run', status: 'running' });
        return received.length;
      },
      (n) => n > 0,
    );
    unsubscribe();
  });

  test('close() ends the LISTEN connection promptly, even right after a drop', async () => {
    const [pid] = await listeners();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    const started = Date.now();
    await bus.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await listeners()).toEqual([]);
  });
});
