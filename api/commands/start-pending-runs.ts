import type { RunAppInput } from '../../core/run/run-types';
import { releaseReservation } from '../../adapters/db/credits';
import {
  abandonExecution,
  claimDueStarts,
  claimStaleReservations,
  confirmStart,
  type DueStart,
  type ExecutionKey,
  type HeldExecution,
} from '../../adapters/db/run-admission';
import { countRunEnd } from '../../adapters/telemetry/run-ends';
import type { ApiDeps } from '../deps';

type StarterDeps = Pick<ApiDeps, 'db' | 'engine' | 'bus' | 'logger' | 'metrics'>;

const START_BATCH = 20;
/** Starts in flight at once: the starter catches up after a burst without adding one of its own. */
const START_CONCURRENCY = 4;
/** Claimed starts back off 30 s, 1, 2, 4, 8 min, then every 10 min: 12 attempts are about 1.5 h. */
const MAX_START_ATTEMPTS = 12;
const SWEEP_BATCH = 50;
/** A reservation is looked at again after this long; a run waiting for approval is looked at that often. */
const SWEEP_STALE_SECONDS = 300;

/**
 * One pass of the starter over admitted executions whose start Temporal has not confirmed (the API
 * ran out of its budget, or its process died between admission and start).
 * 1. Claim due starts (each claimed start is pushed back, so a failed pass is retried later).
 * 2. A run no longer queued at that revision needs nothing: the pending start goes.
 * 3. Otherwise start it with the stored input; RunEngine.start recognises an execution an earlier
 *    attempt created, so nothing runs twice. After MAX_START_ATTEMPTS the run fails and its credits
 *    are released.
 */
export async function startPendingRuns(deps: StarterDeps): Promise<number> {
  const due = await claimDueStarts(deps.db, START_BATCH);
  let started = 0;
  await inBatches(due, START_CONCURRENCY, async (start) => {
    if (start.runStatus !== 'queued' || start.runRevision !== start.revision)
      return confirmStart(deps.db, start);
    if (await startOne(deps, start)) started++;
  });
  return started;
}

async function startOne(deps: StarterDeps, start: DueStart): Promise<boolean> {
  try {
    if ((await deps.engine.start(start.start as RunAppInput)) === 'unknown') return false;
    await confirmStart(deps.db, start);
    return true;
  } catch (err) {
    deps.logger.warn({ err, runId: start.runId, attempts: start.attempts }, 'starter: workflow not started');
    if (start.attempts >= MAX_START_ATTEMPTS)
      await abandon(deps, start, `The run could not be started after ${start.attempts} attempts`);
    return false;
  }
}

/**
 * One pass of the sweep that keeps reservations from outliving their execution. Normally the
 * workflow's final record releases them; this catches what it cannot (a workflow terminated from the
 * Web UI, timed out, or gone past retention without recording its end).
 * 1. Claim reservations not looked at for SWEEP_STALE_SECONDS.
 * 2. The run ended or moved to another revision: release.
 * 3. The start is still pending: the starter's business.
 * 4. Temporal has no open execution of that revision: the run fails and the hold is released.
 */
export async function sweepReservations(deps: StarterDeps): Promise<number> {
  const held = await claimStaleReservations(deps.db, {
    limit: SWEEP_BATCH,
    staleSeconds: SWEEP_STALE_SECONDS,
  });
  let released = 0;
  for (const execution of held) {
    if (await sweepOne(deps, execution)) released++;
  }
  return released;
}

async function sweepOne(deps: StarterDeps, held: HeldExecution): Promise<boolean> {
  if (!['queued', 'running'].includes(held.runStatus) || held.runRevision !== held.revision) {
    await releaseReservation(deps.db, held);
    return true;
  }
  if (held.startPending) return false;
  const current = await deps.engine.currentExecution(held.runId).catch(() => 'unreachable' as const);
  if (current === 'unreachable' || (current?.revision === held.revision && current.open)) return false;
  await abandon(deps, held, 'The run ended without recording a result (its workflow was closed)');
  return true;
}

async function abandon(deps: StarterDeps, execution: ExecutionKey, message: string): Promise<void> {
  if (await abandonExecution(deps.db, execution, message)) {
    deps.logger.warn({ runId: execution.runId, revision: execution.revision }, message);
    await countRunEnd(deps, { ...execution, status: 'failed' });
    await deps.bus.publish({ runId: execution.runId, kind: 'run', status: 'failed' });
  }
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}
