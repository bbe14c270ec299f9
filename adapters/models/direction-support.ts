import type { DirectionSupport } from '../../core/refinement/refinement-report';
import { readArtDirection } from './local/art-direction';
import { readMotionDirection } from './local/local-video';
import { readTextDirection } from './local/text-direction';
import type { TextPurpose } from './local/text-purpose';

export interface DirectedNode {
  type: string;
  config: Record<string, unknown>;
  /** The node animates (or builds on) an input picture. */
  hasImageInput: boolean;
}

/**
 * Reads directions as the node's provider will: the local models with the very rules they render with, so
 * what is said to be applied is what they do; any other provider receives the directions in its prompt,
 * which cannot be checked before it runs.
 */
export function directionSupport(
  provider: string,
  node: DirectedNode,
  directions: string[],
): DirectionSupport {
  if (provider !== 'local')
    return { applied: [`passed to ${provider} in the prompt`], declined: [], verified: false };
  const reading =
    node.type === 'image.generate'
      ? readArtDirection(directions)
      : node.type === 'video.generate'
        ? readMotionDirection(directions, { hasImage: node.hasImageInput })
        : readTextDirection(directions, (node.config.purpose as TextPurpose | undefined) ?? 'generic');
  return { applied: reading.applied, declined: reading.declined, verified: true };
}
