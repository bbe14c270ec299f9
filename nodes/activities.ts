import type { ActivityDeps } from '../activities/deps';
import { audioTtsActivity } from './audio-tts/activity';
import { imageEditActivity } from './image-edit/activity';
import { imageGenerateActivity } from './image-generate/activity';
import { qualityCheckActivity } from './quality-check/activity';
import { textGenerateActivity } from './text-generate/activity';
import { videoComposeActivity } from './video-compose/activity';
import { videoGenerateActivity } from './video-generate/activity';
import type { NodeActivityName } from './definitions';
import { timeNodeActivities } from './node-timing';
import { countNodeAttempts } from './node-attempts';

/**
 * The activity of every node type that has one, built over the worker's dependencies. Keyed by the names
 * the definitions register (nodes/definitions.ts): the type below fails to compile if one is missing.
 * Every attempt is timed (nodes/node-timing.ts); a retry records its attempt on the node (nodes/node-attempts.ts).
 */
export function createNodeActivities(deps: ActivityDeps) {
  return timeNodeActivities(
    deps,
    countNodeAttempts(deps, {
      ...textGenerateActivity(deps),
      ...imageGenerateActivity(deps),
      ...imageEditActivity(deps),
      ...videoGenerateActivity(deps),
      ...videoComposeActivity(deps),
      ...audioTtsActivity(deps),
      ...qualityCheckActivity(deps),
    } satisfies Record<NodeActivityName, unknown>),
  );
}

export type NodeActivities = ReturnType<typeof createNodeActivities>;
