import { AtelierError } from '../../core/errors';
import type { ApprovalDecision } from '../../core/run/run-types';
import type { RunRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';

/**
 * Approves or rejects a human.approval node of a running run. The workflow's update validator refuses
 * a node that is not waiting; that refusal is the caller's VALIDATION_ERROR.
 */
export async function decideApproval(deps: ApiDeps, run: RunRow, decision: ApprovalDecision): Promise<void> {
  if (run.status !== 'running') throw approvalRefused(decision.nodeId, `the run is ${run.status}`);
  try {
    await deps.engine.decideApproval(run.id, decision);
  } catch (err) {
    if ((err as Error).name === 'WorkflowUpdateFailedError')
      throw approvalRefused(
        decision.nodeId,
        (err as { cause?: { message?: string } }).cause?.message ?? 'refused',
      );
    throw err;
  }
}

function approvalRefused(nodeId: string, reason: string): AtelierError {
  return new AtelierError('VALIDATION_ERROR', `Cannot decide node "${nodeId}": ${reason}`, {
    details: [{ param: 'nodeId', code: 'not_awaiting_approval', message: reason }],
  });
}
