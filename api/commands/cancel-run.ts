import { isTerminal } from '../../core/run/run-status';
import { cancelRunRecord } from '../../adapters/db/runs';
import type { RunRow } from '../../adapters/db/schema';
import type { CancelResult } from '../../core/responses/runs';
import type { ApiDeps } from '../deps';

/**
 * Cancels a queued or running run; idempotent, so an ended run answers with its status unchanged.
 * The workflow is asked to cancel (its activities heartbeat and stop), the record says cancelled at
 * once, and the bus tells followers.
 */
export async function cancelRun(deps: ApiDeps, run: RunRow): Promise<CancelResult> {
  if (isTerminal(run.status)) return { runId: run.id, status: run.status };
  await deps.engine.cancel(run.id);
  const status = await cancelRunRecord(deps.db, run.id);
  await deps.bus.publish({ runId: run.id, kind: 'run', status: status ?? 'cancelled' });
  return { runId: run.id, status: status ?? 'cancelled' };
}
