import type { DirectionOutcome } from '../run/media-facts';

/** What a node's provider makes of a refinement's feedback, before the node runs. */
export interface DirectionSupport extends DirectionOutcome {
  /** The provider's own rules read it (local); false when it went to a model as words. */
  verified: boolean;
}

/** One chosen node of a refinement, from choice to result. */
export interface NodeRefinement {
  nodeId: string;
  label: string;
  /** Why the selector chose the node. */
  chosen: string;
  support: DirectionSupport;
  /**
   * - `changed`: re-ran and made a new output;
   * - `unchanged`: re-ran and made exactly the previous output, which is kept;
   * - `declined`: nothing in the feedback is something its provider can do, so it did not run;
   * - `pending`: still running when the answer was given; `failed`: the revision failed.
   */
  outcome: 'changed' | 'unchanged' | 'declined' | 'pending' | 'failed';
  /** The new output's description (made from what was produced), when it changed. */
  now?: string | null;
}

/** Whether a node's provider can act on any of the feedback: a verified reading that applies nothing cannot. */
export const canApply = (support: DirectionSupport) => !support.verified || support.applied.length > 0;

const quoteDeclined = (d: DirectionOutcome['declined']) =>
  d.map((x) => `"${x.direction}" (${x.reason})`).join('; ');

/**
 * The directions no chosen node applied: a clause one node could not read but another applied (the
 * caption's "shorter" for the picture) is not reported as declined.
 */
export function declinedByAll(nodes: NodeRefinement[]): Map<string, DirectionOutcome['declined']> {
  const result = new Map<string, DirectionOutcome['declined']>();
  for (const node of nodes) {
    const others = nodes.filter((n) => n !== node && canApply(n.support));
    result.set(
      node.nodeId,
      node.support.declined.filter(
        (d) => !others.some((o) => !o.support.declined.some((x) => x.direction === d.direction)),
      ),
    );
  }
  return result;
}

/** The reason a node gives in `refinedNodes`: why it was chosen, and what was and was not applied to it. */
export function refinementReason(node: NodeRefinement, declined: DirectionOutcome['declined']): string {
  const applied = node.support.applied.join(', ');
  const notApplied = declined.length ? `; not applied: ${quoteDeclined(declined)}` : '';
  switch (node.outcome) {
    case 'changed':
      return `${node.chosen}; applied: ${applied}${notApplied}${node.now ? `; now: ${node.now}` : ''}`;
    case 'unchanged':
      return (
        `${node.chosen}; re-ran it with ${applied || 'the new prompt'}, but the result is identical to the ` +
        `previous revision, so nothing changed and the previous output is kept${notApplied}`
      );
    case 'declined':
      return `${node.chosen}; not applied: ${quoteDeclined(node.support.declined)}; the previous output is kept`;
    case 'pending':
      return `${node.chosen}; applying: ${applied}${notApplied} (the revision is still running)`;
    case 'failed':
      return `${node.chosen}; the re-run failed, so nothing was applied${notApplied}`;
  }
}

/**
 * The refinement's summary, in the order a reader needs it:
 * 1. what was applied, per node (and what each now is);
 * 2. what came out identical and was kept; 3. what was not applied and why;
 * 4. how much of the run re-ran, and its status.
 */
export function refinementSummary(input: {
  revision: number;
  /** False when nothing could be applied, so no revision was made. */
  revised: boolean;
  method: 'rules' | 'model';
  nodes: NodeRefinement[];
  reran: number;
  total: number;
  status: string;
}): string {
  const declined = declinedByAll(input.nodes);
  const label = (n: NodeRefinement) => `"${n.label}"`;
  const by = input.method === 'model' ? 'chosen by the model' : 'chosen by rules';
  const parts: string[] = [];
  const changed = input.nodes.filter((n) => n.outcome === 'changed' || n.outcome === 'pending');
  if (changed.length)
    parts.push(
      `applied to ${changed.map((n) => `${label(n)}: ${n.support.applied.join(', ')}`).join('; ')} (${by})`,
    );
  const same = input.nodes.filter((n) => n.outcome === 'unchanged');
  if (same.length)
    parts.push(
      `${same.map(label).join(', ')} came out identical to the previous revision, so the previous output is kept`,
    );
  const failed = input.nodes.filter((n) => n.outcome === 'failed');
  if (failed.length) parts.push(`${failed.map(label).join(', ')} failed to re-run`);
  const notApplied = [
    ...new Map(input.nodes.flatMap((n) => declined.get(n.nodeId)!).map((d) => [d.direction, d])).values(),
  ];
  if (notApplied.length) parts.push(`not applied: ${quoteDeclined(notApplied)}`);
  if (!input.revised)
    return `Nothing in the feedback could be applied, so no revision was made: ${parts.join('. ')}. The run stays at revision ${input.revision}.`;
  return (
    `Revision ${input.revision}: ${parts.join('. ')}; ` +
    `re-ran ${input.reran} of ${input.total} nodes and reused the other outputs; the run is ${input.status}.`
  );
}
