import { z } from 'zod';
import { TemplateString } from '../../core/graph/node-types';
import { VIDEO_PROVIDERS, providerChoice } from '../../core/model-providers';
import { PROVIDER_RETRY, type NodeDefinition } from '../node-definition';

/** A clip length: seconds, or a template that renders to them ("8", "8s"); checked again once rendered. */
const Seconds = z.union([z.number().min(1).max(90), TemplateString]);

export const VideoGenerateConfig = z.object({
  prompt: TemplateString.optional(),
  seconds: Seconds.default(5),
  aspectRatio: TemplateString.default('9:16'),
  longEdge: z.number().int().min(256).max(1920).default(1920),
  motion: z.enum(['zoom-in', 'zoom-out', 'pan-left', 'pan-right', 'none']).default('zoom-in'),
  ...providerChoice(VIDEO_PROVIDERS),
});
export type VideoGenerateConfig = z.infer<typeof VideoGenerateConfig>;

/**
 * video.generate: a clip from the configured video model, image to video when an image parent gives the first
 * frame, else text to video. Offline (`local`), the picture is animated with camera motion, or the prompt
 * becomes an animated title card.
 */
export const VIDEO_GENERATE = {
  title: 'Generate video clip',
  description:
    'Generates a clip with the video model (image to video from an image parent, else text to video); offline, animates the image or makes a title card.',
  config: VideoGenerateConfig,
  produces: 'video',
  generation: true,
  queue: 'media',
  produceTag: 'video-clip',
  minParents: 0,
  maxParents: 10,
  execution: 'activity',
  activity: {
    name: 'videoGenerate',
    options: { startToCloseTimeout: '30m', heartbeatTimeout: '30s', retry: PROVIDER_RETRY },
  },
} as const satisfies NodeDefinition;
