import type { NodeStatus, RunStatus } from '../adapters/db/schema';
import { madeBeforeRevision, syncAsset } from '../adapters/db/assets';
import { debitNode } from '../adapters/db/credits';
import { recordNodeState, recordRunState, findRun } from '../adapters/db/runs';
import { countRunEnd } from '../adapters/telemetry/run-ends';
import { nodeCredits } from '../core/billing/credits';
import type { NodeOutput, NodeQuality, NodeReview } from '../core/run/run-types';
import type { NodeType } from '../core/graph/node-types';
import type { ActivityDeps } from './deps';
import { discardNodeOutputs } from './store-output';

export interface RecordNodeInput {
  runId: string;
  nodeId: string;
  nodeType: NodeType;
  revision: number;
  status: string;
  output: NodeOutput | null;
  error: string | null;
  attempts?: number;
  /** human.approval: the decision, once made. */
  review?: NodeReview;
  /** quality.check: the score of the output it let through. */
  quality?: NodeQuality;
}

/**
 * Node and run transitions: written idempotently (run, node, revision), then published on the bus. A
 * completed node is debited once (unless it kept an earlier revision's identical output); a failed node is never debited and its stored outputs are discarded;
 * the run's final record releases its credit reservation (adapters/db/runs.ts).
 */
export function runRecordActivities(deps: ActivityDeps) {
  return {
    async recordNode(input: RecordNodeInput): Promise<void> {
      await recordNodeState(deps.db, { ...input, status: input.status as NodeStatus });
      if (input.status === 'completed' && input.output && input.nodeType !== 'output')
        await syncAsset(deps.db, input.output);
      if (input.status === 'failed') await discardNodeOutputs(deps, input);
      // Charged at the price of the provider that made the output (a node may name its own); a refinement
      // that made exactly the output an earlier revision has keeps that output and is not charged (issue 29).
      const credits = nodeCredits(deps.costs, input.nodeType, input.output?.metadata.provider);
      const kept =
        input.revision > 1 &&
        input.output?.assetId != null &&
        (await madeBeforeRevision(deps.db, input.output.assetId, input.revision));
      if (input.status === 'completed' && credits > 0 && input.nodeType !== 'output' && !kept) {
        const run = await findRun(deps.db, input.runId);
        if (run) {
          const debited = await debitNode(deps.db, {
            runId: input.runId,
            workspaceId: run.workspace_id,
            // A quality retry is another execution: charged under its own ledger key.
            nodeId: (input.attempts ?? 1) > 1 ? `${input.nodeId}#${input.attempts}` : input.nodeId,
            revision: input.revision,
            credits,
            reason: `${input.nodeType} ${input.nodeId}`,
          });
          const provider = input.output?.metadata.provider ?? 'none';
          if (debited) deps.metrics.creditsDebited({ type: input.nodeType, provider }, credits);
        }
      }
      await deps.bus.publish({
        runId: input.runId,
        kind: 'node',
        nodeId: input.nodeId,
        status: input.status,
      });
    },

    async recordRun(input: {
      runId: string;
      revision: number;
      status: RunStatus;
      errorMessage: string | null;
    }): Promise<void> {
      await recordRunState(deps.db, input);
      await countRunEnd(deps, input);
      await deps.bus.publish({ runId: input.runId, kind: 'run', status: input.status });
    },
  };
}
