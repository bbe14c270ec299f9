import type { NodeType } from '../core/graph/node-types';

/** The activity that executes each node type that has one. */
export const NODE_ACTIVITY = {
  'text.generate': 'textGenerate',
  'image.generate': 'imageGenerate',
  'image.edit': 'imageEdit',
  'video.generate': 'videoGenerate',
  'video.compose': 'videoCompose',
  'audio.tts': 'audioTts',
} as const satisfies Partial<Record<NodeType, string>>;

export type NodeActivityName = (typeof NODE_ACTIVITY)[keyof typeof NODE_ACTIVITY];
