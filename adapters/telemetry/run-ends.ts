import type { Kysely } from 'kysely';
import { isTerminal } from '../../core/run/run-status';
import type { RunEndStatus } from '../../core/run/run-types';
import { findRun } from '../db/runs';
import type { Database } from '../db/schema';
import type { Metrics } from './metrics';

/**
 * Counts an execution that has just been recorded as ended into atelier_runs_finished_total, by its app
 * and the status the database kept: a completion the workflow writes after the API's cancel leaves the run
 * cancelled, and is counted so. Not an end (`running`), or no longer that revision: nothing is counted.
 */
export async function countRunEnd(
  deps: { db: Kysely<Database>; metrics: Pick<Metrics, 'runFinished'> },
  execution: { runId: string; revision: number; status: string },
): Promise<void> {
  if (!isTerminal(execution.status)) return;
  const run = await findRun(deps.db, execution.runId);
  if (run && run.revision === execution.revision && isTerminal(run.status))
    deps.metrics.runFinished(run.app_id, run.status as RunEndStatus);
}
