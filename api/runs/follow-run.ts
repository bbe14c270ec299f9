import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/db/schema';
import type { EventBus } from '../../adapters/events/bus';
import { isTerminal, loadRunView, type RunView } from '../../adapters/db/run-view';

/**
 * Resolves with the run once it is terminal, or with `timedOut` when the deadline passes first.
 * Subscribes before reading, so a transition between the read and the subscription is not missed.
 */
export async function waitForRun(
  db: Kysely<Database>,
  bus: EventBus,
  runId: string,
  timeoutMs: number,
): Promise<{ run: RunView; timedOut: boolean }> {
  // An event may arrive while the first read is in flight, before anyone waits: remember it.
  let ended = false;
  let wake: () => void = () => {
    ended = true;
  };
  const unsubscribe = bus.subscribe(runId, (event) => {
    if (event.kind === 'run' && isTerminal(event.status)) wake();
  });
  try {
    const run = await loadRunView(db, runId);
    if (!run) throw new Error(`run ${runId} vanished`);
    if (isTerminal(run.status)) return { run, timedOut: false };
    const woke =
      ended ||
      (await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      }));
    const latest = (await loadRunView(db, runId))!;
    return { run: latest, timedOut: !woke && !isTerminal(latest.status) };
  } finally {
    unsubscribe();
  }
}
