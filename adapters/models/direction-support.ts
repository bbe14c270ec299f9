import type { DirectionSupport } from '../../core/refinement/refinement-report';
import { readArtDirection } from './local/art-direction';
import { splitDirections, type DirectionReading } from './local/directions';
import { readMotionDirection } from './local/local-video';
import { readTextDirection } from './local/text-direction';
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
function localReader(node: DirectedNode): (directions: string[]) => DirectionReading<unknown> {
  if (node.type === 'image.generate') return readArtDirection;
  if (node.type === 'video.generate') return (d) => readMotionDirection(d, { hasImage: node.hasImageInput });
  const purpose = (node.config.purpose as TextPurpose | undefined) ?? 'generic';
  return (d) => readTextDirection(d, purpose);
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
