import fc from 'fast-check';
import { createMemoryBus, type EventBus } from '../../../adapters/events/bus';
import { createRunViewCache } from '../../../adapters/events/run-view-cache';
import type { RunView } from '../../../core/run/present-run';

const RUN = '11111111-1111-4111-8111-111111111111';
const WORKSPACE = 'ws-1';
const STATUSES = ['queued', 'running', 'completed', 'queued', 'running', 'failed'] as const;

const viewOf = (status: string, revision: number) => ({ runId: RUN, status, revision }) as unknown as RunView;

/**
 * A database of one run whose reads the test completes by hand: a read takes its snapshot when it starts
 * (the worst case: the oldest value it could return) and answers when the test says so.
 */
function slowDatabase() {
  let step = 0;
  const reads: { snapshot: RunView; answer: (view: RunView) => void }[] = [];
  return {
    current: () => viewOf(STATUSES[step], step < 3 ? 1 : 2),
    advance: () => (step = Math.min(step + 1, STATUSES.length - 1)),
    load: () =>
      new Promise<RunView | null>((answer) =>
        reads.push({ snapshot: viewOf(STATUSES[step], step < 3 ? 1 : 2), answer }),
      ),
    pendingReads: () => reads.length,
    finishRead: (i: number) => {
      const [read] = reads.splice(i % reads.length, 1);
      read.answer(read.snapshot);
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('run-view cache', () => {
  test('a transition published on the bus is never hidden by a cached view, whatever the interleaving of reads', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant('read'), fc.constant('transition'), fc.nat(5)), { maxLength: 40 }),
        async (operations) => {
          const bus = createMemoryBus();
          const db = slowDatabase();
          const cache = createRunViewCache(db.load, bus, { liveMs: 60_000 });
          const inFlight: Promise<unknown>[] = [];
          for (const op of operations) {
            if (op === 'read') inFlight.push(cache.load(RUN, WORKSPACE));
            else if (op === 'transition') {
              // As the worker does: the database first, then the event.
              db.advance();
              await bus.publish({ runId: RUN, kind: 'run', status: db.current().status });
            } else if (db.pendingReads() > 0) db.finishRead(op);
            await settle();
            // Whatever the cache holds now must be what the database holds now.
            if (cache.size() > 0) expect((await cache.load(RUN, WORKSPACE))!.view).toEqual(db.current());
          }
          while (db.pendingReads() > 0) {
            db.finishRead(0);
            await settle();
          }
          await Promise.all(inFlight);
          cache.close();
        },
      ),
      { numRuns: 200 },
    );
  });

  test('a terminal view is kept until an event of its run; a live one for at most liveMs', async () => {
    const bus = createMemoryBus();
    let now = 0;
    let reads = 0;
    let status = 'running';
    const cache = createRunViewCache(
      async () => {
        reads++;
        return viewOf(status, 1);
      },
      bus,
      { liveMs: 1000, now: () => now },
    );
    await cache.load(RUN, WORKSPACE);
    await cache.load(RUN, WORKSPACE);
    expect(reads).toBe(1);
    now = 1001;
    await cache.load(RUN, WORKSPACE);
    expect(reads).toBe(2);

    status = 'completed';
    await bus.publish({ runId: RUN, kind: 'run', status });
    expect((await cache.load(RUN, WORKSPACE))!.view.status).toBe('completed');
    now = 10_000_000;
    await cache.load(RUN, WORKSPACE);
    expect(reads).toBe(3);
  });

  test("another workspace's read never gets the view, and a missing run is not kept", async () => {
    const bus = createMemoryBus();
    let reads = 0;
    const cache = createRunViewCache(async (_runId, workspaceId) => {
      reads++;
      return workspaceId === WORKSPACE ? viewOf('completed', 1) : null;
    }, bus);
    expect(await cache.load(RUN, WORKSPACE)).not.toBeNull();
    expect(await cache.load(RUN, 'ws-2')).toBeNull();
    expect(await cache.load(RUN, 'ws-2')).toBeNull();
    expect(reads).toBe(3);
  });

  test('a gap of the bus (a lost LISTEN connection) forgets every view', async () => {
    let gap: () => void = () => undefined;
    const bus: EventBus = {
      ...createMemoryBus(),
      watchAll: (watcher) => {
        gap = watcher.gap;
        return () => undefined;
      },
    };
    let reads = 0;
    const cache = createRunViewCache(async () => (reads++, viewOf('completed', 1)), bus);
    await cache.load(RUN, WORKSPACE);
    gap();
    await cache.load(RUN, WORKSPACE);
    expect(reads).toBe(2);
  });

  test('the served JSON is the envelope of the view and the ETag changes with it', async () => {
    const bus = createMemoryBus();
    let status = 'completed';
    const cache = createRunViewCache(async () => viewOf(status, 1), bus);
    const first = (await cache.load(RUN, WORKSPACE))!;
    expect(JSON.parse(first.json)).toEqual({ data: viewOf('completed', 1) });
    status = 'failed';
    await bus.publish({ runId: RUN, kind: 'run', status });
    const second = (await cache.load(RUN, WORKSPACE))!;
    expect(second.etag).not.toBe(first.etag);
  });
});
