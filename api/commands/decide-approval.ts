import { AtelierError, invalidField } from '../../core/errors';
import type { Caller } from '../../core/app/app-access';
import type { ApprovalDecision } from '../../core/run/run-types';
import { findKeyName } from '../../adapters/db/api-keys';
import type { RunRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';

/** What a caller decides: the node, approve or reject, why, and (on a rejection) whether to revise. */
export type Decision = Pick<ApprovalDecision, 'nodeId' | 'decision' | 'comment' | 'revise'>;

/**
 * Approves or rejects a human.approval node of a running run, signed with the deciding key's name and
 * the time: the workflow records both on the node (its `review`). The workflow's update validator refuses
 * a node that is not waiting; that refusal is the caller's VALIDATION_ERROR.
 */
export async function decideApproval(
  deps: ApiDeps,
  run: RunRow,
  decision: Decision,
  caller: Caller,
): Promise<void> {
  checkDecision(decision);
  if (run.status !== 'running') throw approvalRefused(decision.nodeId, `the run is ${run.status}`);
  const name = caller.keyId ? await findKeyName(deps.db, caller.keyId) : null;
  try {
    await deps.engine.decideApproval(run.id, {
      ...decision,
      by: caller.keyId ? { keyId: caller.keyId, name: name ?? 'unknown key' } : null,
      decidedAt: new Date().toISOString(),
    });
  } catch (err) {
    if ((err as Error).name === 'WorkflowUpdateFailedError')
      throw approvalRefused(
        decision.nodeId,
        (err as { cause?: { message?: string } }).cause?.message ?? 'refused',
      );
    throw err;
  }
}

/** A revision is asked for with a rejection and says what to change. */
export function checkDecision(decision: Decision): void {
  if (decision.revise && decision.decision !== 'reject')
    throw invalidField('revise', 'revise_needs_reject', 'revise goes with decision "reject"');
  if (decision.revise && !decision.comment?.trim())
    throw invalidField('comment', 'revise_needs_comment', 'Say what to change: the comment is the feedback');
}

function approvalRefused(nodeId: string, reason: string): AtelierError {
  return new AtelierError('VALIDATION_ERROR', `Cannot decide node "${nodeId}": ${reason}`, {
    details: [{ param: 'nodeId', code: 'not_awaiting_approval', message: reason }],
  });
}
