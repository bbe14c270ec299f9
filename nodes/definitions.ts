import type { ActivityOptions } from '@temporalio/common';
import type { NodeType } from '../core/graph/node-types';
import type { Plan } from '../core/graph/plan';
import { providerOfNode, type ConfiguredProviders, type ProviderName } from '../core/model-providers';
import { AUDIO_TTS } from './audio-tts/definition';
import { HUMAN_APPROVAL } from './human-approval/definition';
import { IMAGE_EDIT } from './image-edit/definition';
import { IMAGE_GENERATE } from './image-generate/definition';
import type { NodeDefinition } from './node-definition';
import { OUTPUT } from './output/definition';
import { QUALITY_CHECK } from './quality-check/definition';
import { TEXT_GENERATE } from './text-generate/definition';
import { VIDEO_COMPOSE } from './video-compose/definition';
import { VIDEO_GENERATE } from './video-generate/definition';

/**
 * The registry of node types: what the compiler, the capability deriver and the interpreter workflow know of
 * each (pure data). The worker registers their activities through nodes/activities.ts.
 */
export const NODE_DEFINITIONS = {
  'text.generate': TEXT_GENERATE,
  'image.generate': IMAGE_GENERATE,
  'image.edit': IMAGE_EDIT,
  'video.generate': VIDEO_GENERATE,
  'video.compose': VIDEO_COMPOSE,
  'audio.tts': AUDIO_TTS,
  'quality.check': QUALITY_CHECK,
  'human.approval': HUMAN_APPROVAL,
  output: OUTPUT,
} as const satisfies Record<NodeType, NodeDefinition>;

type Definitions = typeof NODE_DEFINITIONS;

export const NODE_TYPE_NAMES = Object.keys(NODE_DEFINITIONS) as NodeType[];

export const isNodeType = (t: string): t is NodeType =>
  Object.prototype.hasOwnProperty.call(NODE_DEFINITIONS, t);

/** The activity that turns a NodeTask into an output, of each node type whose execution is `activity`. */
export type NodeTaskActivityName = Extract<
  Definitions[NodeType],
  { execution: 'activity' }
>['activity']['name'];

/** Every activity a node type registers (node tasks and the quality gate's scorer). */
export type NodeActivityName = NonNullable<Definitions[NodeType]['activity']>['name'];

/** The options of a node type's activity: its own timeouts and retries, on the media task queue if it is `media` work. */
export function nodeActivityOptions(type: NodeType, mediaTaskQueue: string): ActivityOptions {
  const definition: NodeDefinition = NODE_DEFINITIONS[type];
  if (!definition.activity) throw new Error(`node type ${type} has no activity`);
  const options = definition.activity.options;
  return definition.queue === 'media' ? { taskQueue: mediaTaskQueue, ...options } : { ...options };
}

/**
 * The nodes of a plan whose work is cheap and in-process on the provider they run on (`localOn`): the
 * workflow runs them as local activities. Decided when the execution is launched, so it travels in the
 * workflow input and a replay sees the same choice.
 */
export function localNodeIds(plan: Plan, configured: ConfiguredProviders): string[] {
  return plan.nodes
    .filter((node) => {
      const localOn = (NODE_DEFINITIONS[node.type] as NodeDefinition).activity?.localOn;
      const provider = providerOfNode(node, configured);
      return localOn !== undefined && provider !== null && localOn.includes(provider as ProviderName);
    })
    .map((node) => node.id);
}
