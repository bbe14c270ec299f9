import { z } from 'zod';
import { TemplateString } from '../../core/graph/node-types';
import { PROVIDER_RETRY, type NodeDefinition } from '../node-definition';

export const VideoComposeConfig = z.object({
  aspectRatio: TemplateString.default('9:16'),
  longEdge: z.number().int().min(256).max(1920).default(1920),
  captions: z.boolean().default(true),
  transition: z.enum(['none', 'fade', 'slide']).default('fade'),
  /** Draws the voiceover's waveform over the picture (audiograms). */
  waveform: z.boolean().default(false),
});
export type VideoComposeConfig = z.infer<typeof VideoComposeConfig>;

/** video.compose: clips (and images) joined, voiceover mixed, captions burned in. */
export const VIDEO_COMPOSE = {
  title: 'Compose video',
  description: 'Joins clips and images, mixes a voiceover and burns in captions into one MP4.',
  config: VideoComposeConfig,
  produces: 'video',
  generation: false,
  queue: 'media',
  produceTag: 'video',
  minParents: 1,
  maxParents: 20,
  execution: 'activity',
  activity: {
    name: 'videoCompose',
    options: { startToCloseTimeout: '30m', heartbeatTimeout: '30s', retry: PROVIDER_RETRY },
  },
} as const satisfies NodeDefinition;
