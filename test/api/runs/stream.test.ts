import Koa from 'koa';
import { createMemoryBus, type EventBus } from '../../../adapters/events/bus';
import { localModels, localText } from '../../../adapters/models/local/local-models';
import type { Models } from '../../../adapters/models/providers';
import { streamRun } from '../../../api/runs/stream';
import { listen } from '../../support/listen';
import { openStream, type SseStream } from '../../support/sse';
import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

/** Rejects captions about REJECT, as a provider's content policy would. */
const pickyModels = (): Models => ({
  ...localModels('espeak'),
  text: {
    name: 'picky',
    async generate(request) {
      if (request.prompt.includes('REJECT'))
        throw Object.assign(new Error('refused by the provider'), { name: 'ProviderRejected' });
      return localText.generate(request);
    },
  },
});

/** A memory bus that counts live subscriptions, to see streams let go of theirs. */
function countingBus(): EventBus & { active: () => number } {
  const inner = createMemoryBus();
  let active = 0;
  return {
    publish: (event) => inner.publish(event),
    subscribe(runId, listener) {
      active++;
      const unsubscribe = inner.subscribe(runId, listener);
      let done = false;
      return () => {
        if (!done) active--;
        done = true;
        unsubscribe();
      };
    },
    watchAll: (watcher) => inner.watchAll(watcher),
    close: () => inner.close(),
    active: () => active,
  };
}

async function eventually(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe('GET /v1/runs/{runId}/stream', () => {
  let stack: TestStack;
  let server: { origin: string; close(): Promise<void> };
  const key = () => stack.users.owner.key;
  const start = async (appId: string, inputs: object) => {
    const res = await stack.http.post(`/v1/apps/${appId}/runs`).set('x-api-key', key()).send({ inputs });
    expect(res.status).toBe(202);
    return res.body.data.runId as string;
  };
  const stream = (runId: string) =>
    openStream(`${server.origin}/v1/runs/${runId}/stream`, { 'x-api-key': key() });
  const getRun = async (runId: string) =>
    (await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key())).body.data;

  beforeAll(async () => {
    stack = await createTestStack({ models: pickyModels() });
    server = await listen(stack.app.callback());
  });
  afterAll(async () => {
    await server.close();
    await stack.close();
  });

  test('a live run sends progress events with the full Run, then complete, then closes', async () => {
    await stack.stopWorkers();
    let sse: SseStream;
    let runId: string;
    try {
      runId = await start(SOCIAL_POST, { topic: 'streaming bottles' });
      sse = await stream(runId);
      expect(sse.status).toBe(200);
      expect(sse.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(sse.headers['cache-control']).toContain('no-cache');
      const [first] = await sse.received(1);
      expect(first).toEqual({
        event: 'progress',
        id: expect.stringMatching(/^1\.[\w-]+$/),
        data: expect.objectContaining({
          runId,
          status: 'queued',
          outputs: expect.any(Array),
          cost: { credits: 0 },
        }),
      });
    } finally {
      await stack.startWorkers();
    }
    await sse.ended;

    // Node events (node.started ...) ride beside progress: run-state.test.ts looks at them.
    const runEvents = sse.events.filter((e) => !e.event.startsWith('node.'));
    const names = runEvents.map((e) => e.event);
    expect(names.at(-1)).toBe('complete');
    expect(names.slice(0, -1).every((n) => n === 'progress')).toBe(true);
    const progress = runEvents.slice(0, -1).map((e) => e.data as { status: string });
    expect(progress.some((r) => r.status === 'running')).toBe(true);
    // Each progress event is a change: no two in a row are the same Run.
    for (let i = 1; i < progress.length; i++) expect(progress[i]).not.toEqual(progress[i - 1]);
    const complete = sse.events.at(-1)!.data as { status: string; outputs: { status: string }[] };
    expect(complete.status).toBe('completed');
    expect(complete.outputs.map((o) => o.status)).toEqual(['completed', 'completed']);
    expect(complete).toEqual(await getRun(runId));
  });

  test('a run already completed gets exactly one complete event and the stream closes', async () => {
    const runId = await start(QUOTE_CARD, { quote: 'done before you looked' });
    await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', key());
    const sse = await stream(runId);
    await sse.ended;
    expect(sse.events).toEqual([{ event: 'complete', id: expect.any(String), data: await getRun(runId) }]);
  });

  test('a failed run ends with an error event carrying the failed Run', async () => {
    const runId = await start(SOCIAL_POST, { topic: 'REJECT me' });
    const sse = await stream(runId);
    await sse.ended;
    const last = sse.events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({
      runId,
      status: 'failed',
      errorMessage: 'Node "Caption" failed: refused by the provider',
    });
    expect(sse.events.slice(0, -1).every((e) => e.event === 'progress' || e.event.startsWith('node.'))).toBe(
      true,
    );
    expect(sse.events.map((e) => e.event)).toContain('node.failed');
    // Connecting again after the end: one error event.
    const again = await stream(runId);
    await again.ended;
    expect(again.events.map((e) => e.event)).toEqual(['error']);
  });

  test('a cancelled run ends with an error event', async () => {
    await stack.stopWorkers();
    try {
      const runId = await start(QUOTE_CARD, { quote: 'cancel me' });
      const sse = await stream(runId);
      await sse.received(1);
      await stack.http.post(`/v1/runs/${runId}/cancel`).set('x-api-key', key());
      await sse.ended;
      expect(sse.events.map((e) => e.event)).toEqual(['progress', 'error']);
      expect(sse.events[1].data).toMatchObject({ runId, status: 'cancelled' });
    } finally {
      await stack.startWorkers();
    }
  });

  describe('streamRun', () => {
    let runId: string;
    let bus: ReturnType<typeof countingBus>;
    let small: { origin: string; close(): Promise<void> };
    beforeAll(async () => {
      await stack.stopWorkers();
      runId = await start(QUOTE_CARD, { quote: 'a run that stays queued' });
      bus = countingBus();
      const koa = new Koa();
      // A client hanging up ends Koa's pipeline with ERR_STREAM_PREMATURE_CLOSE, which Koa prints by default.
      koa.silent = true;
      koa.use((ctx) =>
        streamRun(ctx, runId, {
          db: stack.deps.db,
          bus,
          pingMs: Number(ctx.query.ping),
          timeoutMs: Number(ctx.query.timeout),
        }),
      );
      small = await listen(koa.callback());
    });
    afterAll(async () => {
      await small.close();
      await stack.startWorkers();
    });

    test('pings with the time while nothing changes, then times out and closes', async () => {
      const sse = await openStream(`${small.origin}/?ping=50&timeout=500`, {});
      await sse.ended;
      const names = sse.events.map((e) => e.event);
      expect(names[0]).toBe('progress');
      expect(names.at(-1)).toBe('timeout');
      expect(names.slice(1, -1).every((n) => n === 'ping')).toBe(true);
      expect(names.filter((n) => n === 'ping').length).toBeGreaterThanOrEqual(3);
      const ping = sse.events[1].data as number;
      expect(Math.abs(ping - Date.now())).toBeLessThan(5000);
      expect(sse.events.at(-1)!.data).toEqual({ message: expect.stringContaining('/wait') });
      expect(bus.active()).toBe(0);
    });

    test('a bus event pushes a progress event at once', async () => {
      const sse = await openStream(`${small.origin}/?ping=60000&timeout=60000`, {});
      await sse.received(1);
      await stack.deps.db
        .updateTable('runs')
        .set({ status: 'running', started_at: new Date() })
        .where('id', '=', runId)
        .execute();
      const published = Date.now();
      await bus.publish({ runId, kind: 'run', status: 'running' });
      const events = await sse.received(2, 5000);
      expect(Date.now() - published).toBeLessThan(1000);
      expect(events[1]).toEqual({
        event: 'progress',
        id: expect.any(String),
        data: expect.objectContaining({ runId, status: 'running' }),
      });
      sse.abort();
    });

    test('every event carries id: the snapshot it belongs to; pings repeat it', async () => {
      const sse = await openStream(`${small.origin}/?ping=50&timeout=300`, {});
      await sse.ended;
      const [progress, ...rest] = sse.events;
      expect(progress.id).toMatch(/^1\.[\w-]{22}$/);
      for (const event of rest) expect(event.id).toBe(progress.id);
    });

    // Issue 12 item 13: a client that reconnects after a restart resumes from the current snapshot.
    test('a client reconnecting with Last-Event-ID gets nothing until the Run changes from that snapshot', async () => {
      const first = await openStream(`${small.origin}/?ping=60000&timeout=60000`, {});
      const [{ id }] = await first.received(1);
      first.abort();

      const resumed = await openStream(`${small.origin}/?ping=60000&timeout=60000`, {
        'last-event-id': id!,
      });
      const stale = await openStream(`${small.origin}/?ping=60000&timeout=60000`, {
        'last-event-id': '1.an-older-snapshot',
      });
      await stale.received(1);
      await stack.deps.db.updateTable('runs').set({ revision: 7 }).where('id', '=', runId).execute();
      await bus.publish({ runId, kind: 'run', status: 'running' });
      const [changed] = await resumed.received(1, 5000);

      expect(stale.events[0]).toMatchObject({ event: 'progress', id });
      expect(changed).toMatchObject({ event: 'progress', data: { revision: 7 } });
      expect(changed.id).toMatch(/^7\./);
      resumed.abort();
      stale.abort();
    });

    test('a client that hangs up releases its subscription', async () => {
      await eventually(() => bus.active() === 0);
      const sse = await openStream(`${small.origin}/?ping=60000&timeout=60000`, {});
      await sse.received(1);
      expect(bus.active()).toBe(1);
      sse.abort();
      await eventually(() => bus.active() === 0);
      expect(bus.active()).toBe(0);
    });
  });
});
