import type { Config } from '../../core/config';
import { descendantsOf } from '../../core/graph/find-subgraph';
import type { Plan } from '../../core/graph/plan';
import { providerOfNode } from '../../core/model-providers';
import { sanitizeFeedback } from '../../core/refinement/prompt';
import {
  canApply,
  declinedByAll,
  refinementReason,
  refinementSummary,
  type DirectionSupport,
  type NodeRefinement,
} from '../../core/refinement/refinement-report';
import type { RefinementChoice, RefinementSelection } from '../../core/refinement/selection';
import type { NodeOutput } from '../../core/run/run-types';
import { directionSupport } from '../../adapters/models/direction-support';
import { SPOKEN_WORDS_PER_SECOND } from '../../adapters/models/local/text-direction';
import { configuredProviders } from '../../adapters/models';

/**
 * What each chosen node's provider makes of the feedback, read before anything runs: the local models
 * with the rules they render with; a remote model gets the words (unverified); a prompt the chat model
 * rewrote is a new prompt, not directions.
 */
export function directionSupports(
  config: Config,
  plan: Plan,
  selection: RefinementSelection,
  feedback: string,
): Map<string, DirectionSupport> {
  const supports = new Map(
    selection.choices.map((choice): [string, DirectionSupport] =>
      selection.method === 'model'
        ? [
            choice.nodeId,
            { applied: ['the prompt as the chat model rewrote it'], declined: [], verified: false },
          ]
        : [choice.nodeId, nodeSupport(config, plan, choice.nodeId, feedback)],
    ),
  );
  const rerun = descendantsOf(
    plan,
    [...supports].filter(([, s]) => canApply(s)).map(([id]) => id),
  );
  return new Map([...supports].map(([id, s]) => [id, withVoiceoverLength(plan, id, s, rerun)]));
}

/** What one node's provider makes of the feedback as directions appended to its prompt. */
export function nodeSupport(config: Config, plan: Plan, nodeId: string, feedback: string): DirectionSupport {
  const node = plan.nodes.find((n) => n.id === nodeId)!;
  const hasImageInput = node.parents.some((id) => plan.nodes.find((n) => n.id === id)?.produces === 'image');
  const provider = providerOfNode(node, configuredProviders(config)) ?? 'local';
  return directionSupport(provider, { type: node.type, config: node.config, hasImageInput }, [
    sanitizeFeedback(feedback),
  ]);
}

/** A length change a local clip applies: "15 seconds long", "at most 10 seconds long", "shorter clip". */
const LENGTH_CHANGE = /\b(?:shorter|longer|seconds long)\b/;

/**
 * A clip made shorter or longer does not change the length of a video composed over a voiceover this
 * refinement does not re-make: that video lasts as long as its voiceover. The length change is declined
 * (the clip is not re-made for it), naming what would work: a longer or shorter script.
 */
function withVoiceoverLength(
  plan: Plan,
  nodeId: string,
  support: DirectionSupport,
  rerun: string[],
): DirectionSupport {
  const lengthChanges = support.applied.filter((a) => LENGTH_CHANGE.test(a));
  if (lengthChanges.length === 0 || plan.nodes.find((n) => n.id === nodeId)?.type !== 'video.generate')
    return support;
  const downstream = descendantsOf(plan, [nodeId]);
  const composed = plan.nodes.find(
    (n) =>
      n.type === 'video.compose' &&
      downstream.includes(n.id) &&
      n.parents.some((p) => plan.nodes.find((x) => x.id === p)?.produces === 'audio' && !rerun.includes(p)),
  );
  if (!composed) return support;
  const reached = new Set([composed.id, ...descendantsOf(plan, [composed.id])]);
  const label = plan.outputs.find((o) => reached.has(o.nodeId))?.label ?? composed.label;
  return {
    ...support,
    applied: support.applied.filter((a) => !lengthChanges.includes(a)),
    declined: [
      ...support.declined,
      ...lengthChanges.map((change) => ({
        direction: change.replace(/ clip$/, ''),
        reason: `"${label}" lasts as long as its voiceover, so a clip's length does not change it; ${scriptAdvice(change)}`,
      })),
    ],
  };
}

/** What would change the length of a video that lasts as long as its voiceover. */
function scriptAdvice(change: string): string {
  const seconds = Number(change.match(/(\d+) seconds/)?.[1]);
  if (seconds)
    return `ask for a script of about ${Math.round(seconds * SPOKEN_WORDS_PER_SECOND)} words instead (about ${seconds} s spoken)`;
  return `ask for a ${/shorter/.test(change) ? 'shorter' : 'longer'} script instead`;
}

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
