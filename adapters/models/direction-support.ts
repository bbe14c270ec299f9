import type { Config } from '../../core/config';
import { descendantsOf } from '../../core/graph/find-subgraph';
import type { Plan } from '../../core/graph/plan';
import { providerOfNode } from '../../core/model-providers';
import type { RefinementCandidate } from '../../core/refinement/candidates';
import { sanitizeFeedback } from '../../core/refinement/prompt';
import { canApply, type DirectionSupport } from '../../core/refinement/refinement-report';
import { chooseByRules } from '../../core/refinement/select-refinement';
import type { RefinementSelection } from '../../core/refinement/selection';
import { configuredProviders } from './index';
import { ART_DIRECTION_READER } from './local/art-direction';
import { readDirections, splitDirections, type DirectionReader } from './local/directions';
import { motionDirectionReader } from './local/local-video';
import { SPOKEN_WORDS_PER_SECOND, textDirectionReader } from './local/text-direction';
import type { TextPurpose } from './local/text-purpose';

export interface DirectedNode {
  type: string;
  config: Record<string, unknown>;
  /** The node animates (or builds on) an input picture. */
  hasImageInput: boolean;
}

/** Why a direction whose settings the node already has is not re-made. */
export const ALREADY_SO =
  'the current output already has this (an earlier revision or the prompt asked for it); re-making it would give the same output, so nothing is re-run or charged';

/**
 * Reads directions as the node's provider will: the local models with the very rules they render with, so
 * what is said to be applied is what they do; any other provider receives the directions in its prompt,
 * which cannot be checked before it runs.
 * A local model renders from its settings alone, so directions that leave the settings of the node's
 * current prompt (its earlier revisions) as they were would make the same output: they are declined as
 * already so, and no revision is made for them.
 */
export function directionSupport(
  provider: string,
  node: DirectedNode,
  directions: string[],
): DirectionSupport {
  if (provider !== 'local')
    return { applied: [`passed to ${provider} in the prompt`], declined: [], verified: false };
  const read = localReader(node);
  const reading = read(directions);
  const earlier = splitDirections(String(node.config.prompt ?? '')).directions;
  const before = read(earlier).settings;
  const after = read([...earlier, ...directions]).settings;
  if (reading.applied.length > 0 && sameSettings(before, after))
    return {
      applied: [],
      declined: [...reading.applied.map((a) => ({ direction: a, reason: ALREADY_SO })), ...reading.declined],
      verified: true,
    };
  return { applied: reading.applied, declined: reading.declined, verified: true };
}

/** The local reader of a node type: art direction, motion, or text for the node's purpose. */
function localReader(node: DirectedNode) {
  const reader = readerOf(node) as DirectionReader<unknown>;
  return (directions: string[]) => readDirections(directions, reader);
}

function readerOf(node: DirectedNode) {
  if (node.type === 'image.generate') return ART_DIRECTION_READER;
  if (node.type === 'video.generate') return motionDirectionReader({ hasImage: node.hasImageInput });
  return textDirectionReader((node.config.purpose as TextPurpose | undefined) ?? 'generic');
}

/** Settings compared by value, whatever order their fields were set in. */
function sameSettings(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([k1], [k2]) => k1.localeCompare(k2))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** What a refinement chose, and what each chosen node's provider makes of the feedback. */
export interface RefinementReading {
  selection: RefinementSelection;
  supports: Map<string, DirectionSupport>;
}

/**
 * Reads a refinement's feedback before anything runs: the chat model's selection when it gave a usable one,
 * else the rules' (core/refinement/select-refinement.ts), which ask each node's provider what it can do of
 * the feedback; then what each chosen node's provider makes of it. Each node is read once.
 */
export function readRefinement(
  config: Config,
  plan: Plan,
  candidates: RefinementCandidate[],
  feedback: string,
  modelSelection: RefinementSelection | null,
): RefinementReading {
  const supportOf = feedbackSupport(config, plan, feedback);
  const selection = modelSelection ?? chooseByRules(candidates, feedback, supportOf);
  return { selection, supports: supportsOf(plan, selection, supportOf) };
}

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
  return supportsOf(plan, selection, feedbackSupport(config, plan, feedback));
}

function supportsOf(
  plan: Plan,
  selection: RefinementSelection,
  supportOf: (nodeId: string) => DirectionSupport,
): Map<string, DirectionSupport> {
  const supports = new Map(
    selection.choices.map((choice): [string, DirectionSupport] =>
      selection.method === 'model'
        ? [
            choice.nodeId,
            { applied: ['the prompt as the chat model rewrote it'], declined: [], verified: false },
          ]
        : [choice.nodeId, supportOf(choice.nodeId)],
    ),
  );
  const rerun = descendantsOf(
    plan,
    [...supports].filter(([, s]) => canApply(s)).map(([id]) => id),
  );
  return new Map([...supports].map(([id, s]) => [id, withVoiceoverLength(plan, id, s, rerun)]));
}

/**
 * What one node's provider makes of the feedback as directions appended to its prompt, read once per
 * node (the rules' widening and the answer ask for the same nodes).
 */
function feedbackSupport(config: Config, plan: Plan, feedback: string): (nodeId: string) => DirectionSupport {
  const directions = [sanitizeFeedback(feedback)];
  const providers = configuredProviders(config);
  const read = new Map<string, DirectionSupport>();
  return (nodeId) => {
    const known = read.get(nodeId);
    if (known) return known;
    const node = plan.nodes.find((n) => n.id === nodeId)!;
    const hasImageInput = node.parents.some(
      (id) => plan.nodes.find((n) => n.id === id)?.produces === 'image',
    );
    const provider = providerOfNode(node, providers) ?? 'local';
    const support = directionSupport(
      provider,
      { type: node.type, config: node.config, hasImageInput },
      directions,
    );
    read.set(nodeId, support);
    return support;
  };
}

/** A length change a local clip applies: "15 seconds long", "at most 10 seconds long", "shorter clip". */
const LENGTH_CHANGES = ['shorter', 'longer', 'seconds long'] as const;
const LENGTH_CHANGE = new RegExp(`\\b(?:${LENGTH_CHANGES.join('|')})\\b`);

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
