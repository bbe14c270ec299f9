import { estimateCredits } from '../../core/billing/credits';
import { forbidden } from '../../core/errors';
import type { RunAppInput } from '../../core/run/run-types';
import { affordability } from '../../adapters/db/credits';
import type { ApiDeps } from '../deps';

/** One execution of the `runApp` workflow: a new run (revision 1) or a refinement (the next revision). */
export type Execution = Omit<RunAppInput, 'approvalTimeout' | 'mediaTaskQueue'>;

export interface ExecutionRecord {
  /** What the execution is to the caller, in the insufficient-credits message. */
  what: 'run' | 'refinement';
  /** Writes the run's new state (queued) before the workflow starts; may refuse by throwing. */
  record(): Promise<void>;
  /** Puts the run back as it was before `record`, when Temporal refuses to start the workflow. */
  undo(): Promise<void>;
}

/**
 * Launches an execution of a run; shared by starting a run and refining one.
 * 1. The workspace must afford the expected cost of the nodes to execute: 403 otherwise, nothing written.
 * 2. `record` writes the run's new state.
 * 3. The workflow starts with workflow id = run id and the deployment's approval timeout and media
 *    queue. If Temporal refuses, `undo` runs, so nothing is half-written, and the error goes on.
 */
export async function launchExecution(
  deps: ApiDeps,
  execution: Execution,
  steps: ExecutionRecord,
): Promise<void> {
  const estimate = estimateCredits(execution.plan, execution.execute, deps.costs);
  const { affordable, balance } = await affordability(deps.db, execution.workspaceId, estimate.expected);
  if (!affordable)
    throw forbidden(
      `Insufficient credits: this ${steps.what} needs about ${estimate.expected} credits and the workspace has ${balance}`,
    );
  await steps.record();
  try {
    await deps.engine.start({
      ...execution,
      approvalTimeout: deps.config.APPROVAL_TIMEOUT,
      mediaTaskQueue: deps.config.MEDIA_TASK_QUEUE,
    });
  } catch (err) {
    await steps.undo();
    throw err;
  }
}
