import type { Kysely } from 'kysely';
import { nodeEvents, type NodeEvent } from '../../core/run/node-events';
import type { RunView } from '../../core/run/present-run';
import { isTerminal } from '../../core/run/run-status';
import { loadRunView } from '../../adapters/db/run-view';
import type { Database } from '../../adapters/db/schema';
import type { EventBus } from '../../adapters/events/bus';

/** Where a run's changes are read (the database) and announced (the bus). */
export interface RunFeed {
  db: Kysely<Database>;
  bus: EventBus;
}

/**
 * Follows a run: every event of the run on the bus reads it again and hands it to `onRun`. Reads are
 * chained, so runs arrive in the order the changes happened; a failed read calls `onError`.
 * `refresh` reads once more now; `stop` ends the subscription.
 */
export function watchRun(
  feed: RunFeed,
  runId: string,
  onRun: (run: RunView) => void,
  onError: () => void,
): { refresh(): void; stop(): void } {
  let queue = Promise.resolve();
  const refresh = () => {
    queue = queue
      .then(async () => {
        const run = await loadRunView(feed.db, runId);
        if (run) onRun(run);
      })
      .catch(() => onError());
  };
  return { refresh, stop: feed.bus.subscribe(runId, refresh) };
}

/**
 * watchRun with what changed: each new snapshot comes with the node events since the one before it
 * (none for the first: the Run itself says where every node stands). SSE and MCP progress share it.
 */
export function watchRunChanges(
  feed: RunFeed,
  runId: string,
  onChange: (run: RunView, events: NodeEvent[]) => void,
  onError: () => void,
): { refresh(): void; stop(): void } {
  let previous: RunView | null = null;
  return watchRun(
    feed,
    runId,
    (run) => {
      const events = nodeEvents(previous, run);
      previous = run;
      onChange(run, events);
    },
    onError,
  );
}

/**
 * Resolves with the run once it is terminal or waits for a person (`awaitingApproval`: a human.approval
 * node), or with `timedOut` when the deadline passes first, or when `stop` aborts (the server is stopping:
 * the caller gets the wait's normal timeout answer, not a cut).
 * Subscribes before reading, so a transition between the read and the subscription is not missed.
 */
export async function waitForRun(
  db: Kysely<Database>,
  bus: EventBus,
  runId: string,
  timeoutMs: number,
  stop?: AbortSignal,
): Promise<{ run: RunView; timedOut: boolean; awaitingApproval: boolean }> {
  // An event may arrive while the first read is in flight, before anyone waits: remember it.
  let ended = false;
  let wake: () => void = () => {
    ended = true;
  };
  const unsubscribe = bus.subscribe(runId, (event) => {
    if (event.kind === 'run' && isTerminal(event.status)) wake();
    if (event.kind === 'node' && event.status === 'awaiting_approval') wake();
  });
  const settled = (run: RunView) => isTerminal(run.status) || run.awaitingApproval !== null;
  const answer = (run: RunView, woke: boolean) => ({
    run,
    timedOut: !woke && !settled(run),
    awaitingApproval: !isTerminal(run.status) && run.awaitingApproval !== null,
  });
  try {
    const run = await loadRunView(db, runId);
    if (!run) throw new Error(`run ${runId} vanished`);
    if (settled(run)) return answer(run, true);
    const woke =
      ended ||
      (await new Promise<boolean>((resolve) => {
        const end = (woke: boolean) => {
          clearTimeout(timer);
          stop?.removeEventListener('abort', stopped);
          resolve(woke);
        };
        const stopped = () => end(false);
        const timer = setTimeout(stopped, stop?.aborted ? 0 : timeoutMs);
        stop?.addEventListener('abort', stopped, { once: true });
        wake = () => end(true);
      }));
    return answer((await loadRunView(db, runId))!, woke);
  } finally {
    unsubscribe();
  }
}
