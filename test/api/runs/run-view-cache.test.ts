import { createPgBus } from '../../../adapters/events/pg-bus';
import type { EventBus, RunEvent } from '../../../adapters/events/bus';
import { insertRun } from '../../../adapters/db/runs';
import { createTestStack, type TestStack } from '../../support/stack';
import { testLogger } from '../../support/logger';

const RUN_ID = '2b7d5a52-0000-4000-8000-0000000000c1';

/** The transitions of a run and of its refinement, in the order a worker and the API make them. */
const TRANSITIONS = [
  { status: 'running', revision: 1 },
  { status: 'completed', revision: 1 },
  { status: 'queued', revision: 2 },
  { status: 'running', revision: 2 },
  { status: 'failed', revision: 2 },
] as const;

describe.each([
  { bus: 'memory', pgBus: false },
  { bus: 'pg (LISTEN/NOTIFY, the worker in another process)', pgBus: true },
])('GET /v1/runs/{id} from the run-view cache, $bus bus', ({ pgBus }) => {
  let stack: TestStack;
  /** The bus the "worker" publishes on: the same one in memory, its own LISTEN/NOTIFY connection with pg. */
  let workerBus: EventBus;
  const key = () => stack.users.owner.key;
  const getRun = (headers: Record<string, string> = {}) =>
    stack.http.get(`/v1/runs/${RUN_ID}`).set({ 'x-api-key': key(), ...headers });

  beforeAll(async () => {
    stack = await createTestStack({ pgBus, workers: false, config: { API_KEY_CACHE_MS: '60000' } });
    workerBus = pgBus ? await createPgBus(stack.config.DATABASE_URL!, testLogger) : stack.deps.bus;
    const app = await stack.deps.db.selectFrom('apps').select('id').limit(1).executeTakeFirstOrThrow();
    await insertRun(stack.deps.db, {
      id: RUN_ID,
      app_id: app.id,
      workspace_id: stack.users.owner.workspaceId,
      user_id: stack.users.owner.userId,
      status: 'queued',
      source: 'api',
      revision: 1,
      inputs: JSON.stringify({}),
      plan: JSON.stringify({ nodes: [], outputs: [] }),
      execute: JSON.stringify([]),
      cost_credits: 0,
    });
  });
  afterAll(async () => {
    if (pgBus) await workerBus.close();
    await stack.close();
  });

  /** As the worker records a transition: the row first, then the event; resolves once the API's bus has it. */
  const transition = async (status: string, revision: number) => {
    const delivered = new Promise<RunEvent>((resolve) => {
      const stop = stack.deps.bus.subscribe(RUN_ID, (event) => {
        stop();
        resolve(event);
      });
    });
    await stack.deps.db
      .updateTable('runs')
      .set({ status: status as never, revision, updated_at: new Date() })
      .where('id', '=', RUN_ID)
      .execute();
    await workerBus.publish({ runId: RUN_ID, kind: 'run', status });
    await delivered;
  };

  test('every read after a transition shows it, though each status was cached before it', async () => {
    expect((await getRun().expect(200)).body.data.status).toBe('queued');
    for (const { status, revision } of TRANSITIONS) {
      // Cached: two reads, the second from the cache.
      await getRun().expect(200);
      await getRun().expect(200);
      await transition(status, revision);
      const res = await getRun().expect(200);
      expect(res.body.data).toMatchObject({ status, revision });
    }
  });

  test('a finished run has an ETag: 304 while it holds, 200 with the new run once it is refined', async () => {
    await transition('completed', 3);
    const first = await getRun().expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await getRun({ 'if-none-match': etag }).expect(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);

    await transition('queued', 4);
    const refined = await getRun({ 'if-none-match': etag }).expect(200);
    expect(refined.body.data).toMatchObject({ status: 'queued', revision: 4 });
    expect(refined.headers.etag).toBeUndefined();
  });

  test("another workspace's key never reads the cached run", async () => {
    await getRun().expect(200);
    await stack.http.get(`/v1/runs/${RUN_ID}`).set('x-api-key', stack.users.outsider.key).expect(404);
  });
});
