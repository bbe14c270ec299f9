import type { Plan } from '../../core/graph/plan';
import {
  declinedByAll,
  refinementReason,
  refinementSummary,
  type DirectionSupport,
  type NodeRefinement,
} from '../../core/refinement/refinement-report';
import type { RefinementChoice, RefinementSelection } from '../../core/refinement/selection';
import type { NodeOutput } from '../../core/run/run-types';

/** Same output as before: the very asset kept by the node (media), or the same text. */
const sameOutput = (a: NodeOutput | undefined, b: NodeOutput | undefined) =>
  a !== undefined &&
  b !== undefined &&
  (a.kind === 'media' && b.kind === 'media'
    ? a.ref.sha256 === b.ref.sha256
    : a.kind === 'text' && b.kind === 'text' && a.text === b.text);

/**
 * The answer of a refinement: each chosen node's reason (why chosen, what was applied, what was not and
 * why, what it is now) and the summary. `after` is null while the revision runs.
 */
export function refinementAnswer(input: {
  plan: Plan;
  selection: RefinementSelection;
  supports: Map<string, DirectionSupport>;
  ran: RefinementChoice[];
  before: Record<string, NodeOutput>;
  after: Record<string, NodeOutput> | null;
  status: string;
  revision: number;
  revised: boolean;
  reran: number;
  total: number;
}): { summary: string; refinedNodes: { nodeId: string; reason: string }[] } {
  const nodes: NodeRefinement[] = input.selection.choices.map((choice) => {
    const outcome = (): NodeRefinement['outcome'] => {
      if (!input.ran.includes(choice)) return 'declined';
      if (input.status === 'failed' || input.status === 'cancelled') return 'failed';
      if (!input.after) return 'pending';
      return sameOutput(input.after[choice.nodeId], input.before[choice.nodeId]) ? 'unchanged' : 'changed';
    };
    return {
      nodeId: choice.nodeId,
      label: input.plan.nodes.find((n) => n.id === choice.nodeId)!.label,
      chosen: choice.reason,
      support: input.supports.get(choice.nodeId)!,
      outcome: outcome(),
      now: input.after?.[choice.nodeId]?.metadata.contentDescription,
    };
  });
  const declined = declinedByAll(nodes);
  return {
    summary: refinementSummary({ ...input, method: input.selection.method, nodes }),
    refinedNodes: nodes.map((n) => ({
      nodeId: n.nodeId,
      reason: refinementReason(n, declined.get(n.nodeId)!),
    })),
  };
}
