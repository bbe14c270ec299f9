import { openDatabase } from '../../../adapters/db/connect';
import { createPgBus } from '../../../adapters/events/pg-bus';
import { createRunViewCache } from '../../../adapters/events/run-view-cache';
import { loadRunView } from '../../../adapters/db/run-view';
import type { EventBus } from '../../../adapters/events/bus';
import { createRunEngine, type RunEngine } from '../../../adapters/temporal/run-engine';
import { createApp } from '../../../api/app';
import { startAppRun } from '../../support/runs';
import { checkedRequest, type CheckedAgent } from '../../support/contract';
import { createTestStack, type TestStack } from '../../support/stack';
import { testLogger } from '../../support/logger';
import { testTemporalAddress } from '../../support/temporal';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

/** Splits a finished SSE body into its events. */
function sseEvents(text: string): { event: string; data: { status?: string } }[] {
  return text
    .split('\n\n')
    .map((block) => block.split('\n').filter((l) => !l.startsWith(':')))
    .filter((lines) => lines.some((l) => l.startsWith('event: ')))
    .map((lines) => ({
      event: lines.find((l) => l.startsWith('event: '))!.slice(7),
      data: JSON.parse(lines.find((l) => l.startsWith('data: '))!.slice(6)),
    }));
}

describe('run events across processes (pgBus)', () => {
  let stack: TestStack;
  /** A second API replica: its own database pool, LISTEN connection and Temporal client, no workers. */
  let replica: { http: CheckedAgent; bus: EventBus; engine: RunEngine; close(): Promise<void> };
  const key = () => stack.users.owner.key;
  const start = (quote: string) => startAppRun(stack, stack.users.owner, QUOTE_CARD, { quote });

  beforeAll(async () => {
    stack = await createTestStack({ pgBus: true });
    const url = stack.config.DATABASE_URL!;
    const database = await openDatabase({ url, poolSize: 2 });
    const bus = await createPgBus(url, testLogger);
    const engine = createRunEngine({
      address: testTemporalAddress(),
      namespace: stack.config.TEMPORAL_NAMESPACE,
      taskQueue: stack.config.TASK_QUEUE,
    });
    const runViews = createRunViewCache((id, workspaceId) => loadRunView(database.db, id, workspaceId), bus);
    const app = createApp({ ...stack.deps, db: database.db, bus, engine, runViews });
    replica = {
      http: checkedRequest(app, stack.contract),
      bus,
      engine,
      async close() {
        await engine.close();
        await bus.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await replica.close();
    await stack.close();
  });

  test("a waiter on another replica is woken by the worker's completion", async () => {
    await stack.stopWorkers();
    const runId = await start('across the wire');
    const sent = Date.now();
    const pending = replica.http
      .get(`/v1/runs/${runId}/wait?timeout=60`)
      .set('x-api-key', key())
      .then((res) => ({ res, at: Date.now() }));
    await new Promise((r) => setTimeout(r, 300));
    await stack.startWorkers();
    const { res, at } = await pending;
    expect(res.status).toBe(200);
    expect(res.body.timeout).toBeUndefined();
    expect(res.body.data).toMatchObject({ runId, status: 'completed' });
    expect(at - Date.parse(res.body.data.completedAt)).toBeLessThan(1500);
    expect(at - sent).toBeLessThan(30_000);
  });

  test("another replica's stream follows the run to its end", async () => {
    await stack.stopWorkers();
    const runId = await start('streamed elsewhere');
    const pending = replica.http
      .get(`/v1/runs/${runId}/stream`)
      .set('x-api-key', key())
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
    await new Promise((r) => setTimeout(r, 300));
    await stack.startWorkers();
    const res = await pending;
    const events = sseEvents(res.body as string);
    expect(events[0]).toMatchObject({ event: 'progress', data: { status: 'queued' } });
    expect(events.at(-1)).toMatchObject({ event: 'complete', data: { status: 'completed' } });
    expect(events.some((e) => e.event === 'progress' && e.data.status === 'running')).toBe(true);
  });

  test('a cancel on one replica wakes a waiter on the other', async () => {
    await stack.stopWorkers();
    try {
      const runId = await start('cancelled elsewhere');
      const pending = stack.http
        .get(`/v1/runs/${runId}/wait?timeout=60`)
        .set('x-api-key', key())
        .then((res) => ({ res, at: Date.now() }));
      await new Promise((r) => setTimeout(r, 300));
      const cancelled = await replica.http.post(`/v1/runs/${runId}/cancel`).set('x-api-key', key());
      expect(cancelled.body.data).toEqual({ runId, status: 'cancelled' });
      const { res, at } = await pending;
      expect(res.body.data.status).toBe('cancelled');
      expect(at - Date.parse(res.body.data.completedAt)).toBeLessThan(1500);
    } finally {
      await stack.startWorkers();
    }
  });
});
