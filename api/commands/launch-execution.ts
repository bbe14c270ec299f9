import type { Kysely } from 'kysely';
import { estimateCredits } from '../../core/billing/credits';
import type { Config } from '../../core/config';
import { forbidden } from '../../core/errors';
import type { RunAppInput } from '../../core/run/run-types';
import { admitExecution, confirmStart, withdrawExecution } from '../../adapters/db/run-admission';
import { annotateLogContext } from '../../adapters/logger';
import type { Database } from '../../adapters/db/schema';
import { START_BUDGET_MS, type StartOutcome } from '../../adapters/temporal/run-engine';
import { configuredProviders } from '../../adapters/models';
import { localNodeIds } from '../../nodes/definitions';
import type { ApiDeps } from '../deps';

/** One execution of the `runApp` workflow: a new run (revision 1) or a refinement (the next revision). */
export type Execution = Omit<RunAppInput, 'approvalTimeout' | 'mediaTaskQueue' | 'localNodes'>;

/** The starter takes a start over only once the admitting request has given up on it. */
export const STARTER_TAKES_OVER_SECONDS = Math.ceil(START_BUDGET_MS / 1000) + 10;

export interface ExecutionRecord {
  /** What the execution is to the caller, in the insufficient-credits message. */
  what: 'run' | 'refinement';
  /** Checks made before anything is written, outside the admission transaction; may refuse by throwing. */
  check?(): Promise<void>;
  /** Writes the run's new state (queued) inside the admission transaction; may refuse by throwing. */
  record(db: Kysely<Database>): Promise<void>;
  /** Puts the run back as it was before `record`, when Temporal certainly did not start the workflow. */
  undo(db: Kysely<Database>): Promise<void>;
}

/**
 * Launches an execution of a run; shared by starting a run (Run App, compose, generate) and refining one.
 * 1. `check` (a refinement waits for the previous execution to close).
 * 2. Admission, one transaction (adapters/db/run-admission.ts): the balance, after what executions in
 *    flight hold, must cover the worst-case cost of the nodes to execute (quality retries included),
 *    else 403 and nothing is written; `record` writes the run, the credits are reserved, the start is
 *    queued in the database.
 * 3. The workflow starts, exactly once (RunEngine.start). Confirmed: the queued start goes. Unknown
 *    within the budget: the run stays queued and the starter (api/run-starter.ts) completes the start,
 *    so an accepted run is never lost. Certainly not started (Temporal unreachable): the admission is
 *    withdrawn, nothing is half-written, and the error (503) goes on.
 */
export async function launchExecution(
  deps: ApiDeps,
  execution: Execution,
  steps: ExecutionRecord,
): Promise<StartOutcome> {
  annotateLogContext({ runId: execution.runId });
  const estimate = estimateCredits(execution.plan, execution.execute, deps.costs);
  await steps.check?.();
  const input = workflowInput(deps.config, execution);
  const key = { runId: execution.runId, revision: execution.revision };
  const admission = await admitExecution(
    deps.db,
    {
      ...key,
      workspaceId: execution.workspaceId,
      credits: estimate.max,
      start: input,
      startAfterSeconds: STARTER_TAKES_OVER_SECONDS,
    },
    steps.record,
  );
  if (!admission.admitted)
    throw forbidden(
      `Insufficient credits: this ${steps.what} needs up to ${estimate.max} credits and the workspace has ${admission.balance} available`,
    );
  let outcome: StartOutcome;
  try {
    outcome = await deps.engine.start(input);
  } catch (err) {
    await withdrawExecution(deps.db, key, steps.undo);
    // The run is as it was before `record`: what was read of it meanwhile (run-view caches) is stale.
    await deps.bus.publish({ runId: execution.runId, kind: 'run', status: 'withdrawn' });
    throw err;
  }
  deps.metrics.runStarted(execution.appId);
  if (outcome === 'unknown')
    deps.logger.warn(key, 'workflow start not confirmed within its budget; the starter will reconcile it');
  else await confirmStart(deps.db, key);
  return outcome;
}

/**
 * The workflow input of an execution: the deployment's approval timeout, media queue and webhook schedule,
 * and which nodes run in-process on the providers configured here (the worker shares the configuration).
 */
export function workflowInput(config: Config, execution: Execution): RunAppInput {
  return {
    ...execution,
    approvalTimeout: config.APPROVAL_TIMEOUT,
    mediaTaskQueue: config.MEDIA_TASK_QUEUE,
    webhookRetrySchedule: config.WEBHOOK_RETRY_SCHEDULE,
    localNodes: localNodeIds(execution.plan, configuredProviders(config)),
  };
}
