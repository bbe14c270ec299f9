import type { ApiDeps } from './deps';
import { startPendingRuns, sweepReservations } from './commands/start-pending-runs';

export interface RunStarterOptions {
  /** Between passes over pending starts. */
  intervalMs?: number;
  /** Between sweeps of reservations. */
  sweepIntervalMs?: number;
}

/**
 * The API's background loop: starts admitted runs whose start Temporal has not confirmed, and sweeps
 * reservations that outlived their execution (api/commands/start-pending-runs.ts). Every replica may
 * run one: claims skip rows another replica holds. `stop` waits for the pass in progress.
 */
export function startRunStarter(
  deps: Pick<ApiDeps, 'db' | 'engine' | 'bus' | 'logger' | 'metrics'>,
  options: RunStarterOptions = {},
): { stop(): Promise<void> } {
  const intervalMs = options.intervalMs ?? 5_000;
  const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  let lastSweep = Date.now();
  let stopped = false;
  let pass: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const runPass = async () => {
    try {
      await startPendingRuns(deps);
      if (Date.now() - lastSweep >= sweepIntervalMs) {
        lastSweep = Date.now();
        await sweepReservations(deps);
      }
    } catch (err) {
      deps.logger.warn({ err }, 'run starter: pass failed; next pass retries');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = runPass().then(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
