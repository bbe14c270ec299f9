import { AtelierError, invalidField } from '../../core/errors';
import type { Caller } from '../../core/app/app-access';
import type { ApprovalResult } from '../../core/responses/runs';
import { findRun, findRunNodes, planOf } from '../../adapters/db/runs';
import type { RunRow, RunStatus } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';
import { checkDecision, decideApproval, type Decision } from './decide-approval';
import { refineRun, reviseCandidates } from './refine-run';

/** How long the rejected execution may take to close (its webhook's first attempt) before its revision starts. */
const REJECTED_EXECUTION_CLOSE_MS = 30_000;

/**
 * A reviewer's decision on a waiting human.approval node (decide-approval.ts). "Revise with this comment"
 * (reject + revise) goes on:
 * 1. before deciding, the node must have a prompt-driven node upstream that the comment can change;
 * 2. the rejection ends the revision (failed, the review recorded on the node);
 * 3. once its execution has closed, a refinement of the nodes upstream of the approval runs with the
 *    comment as feedback (refine-run.ts); the approval node runs again, so the result comes back to review.
 * A run that already failed by this node's rejection (decided without revise, or its revision could not
 * start) is revised at once: steps 1 and 3.
 */
export async function reviewRun(
  deps: ApiDeps,
  run: RunRow,
  decision: Decision,
  caller: Caller,
): Promise<ApprovalResult> {
  checkDecision(decision);
  if (decision.revise && reviseCandidates(planOf(run), run.execute as string[], decision.nodeId).length === 0)
    throw invalidField(
      'revise',
      'nothing_to_revise',
      `Nothing before "${decision.nodeId}" has a prompt the comment could change: reject without revise`,
    );
  const revisingRejected = decision.revise === true && (await rejectedBy(deps, run, decision.nodeId));
  if (!revisingRejected) await decideApproval(deps, run, decision, caller);
  const result: ApprovalResult = { runId: run.id, nodeId: decision.nodeId, decision: decision.decision };
  if (!decision.revise) return result;

  if (!(await deps.engine.awaitClosed(run.id, REJECTED_EXECUTION_CLOSE_MS)))
    throw new AtelierError(
      'RESOURCE_UNAVAILABLE',
      'The rejection was recorded, but the run is still finishing: send the same request again shortly to start the revision',
    );
  const rejected = (await findRun(deps.db, run.id))!;
  const refined = await refineRun(deps, rejected, decision.comment!, 0, { approvalNodeId: decision.nodeId });
  return {
    ...result,
    revision: {
      revision: refined.revision,
      status: refined.status as RunStatus,
      summary: refined.summary,
      refinedNodes: refined.refinedNodes,
    },
  };
}

/** The run failed because a reviewer rejected `nodeId` in its current revision. */
async function rejectedBy(deps: ApiDeps, run: RunRow, nodeId: string): Promise<boolean> {
  if (run.status !== 'failed') return false;
  const row = (await findRunNodes(deps.db, run.id)).find((r) => r.node_id === nodeId);
  const review = row?.review as { decision?: string } | null | undefined;
  return row?.revision === run.revision && review?.decision === 'reject';
}
