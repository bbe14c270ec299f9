import { z } from 'zod';
import { TemplateString } from '../../core/graph/node-types';
import { IMAGE_PROVIDERS, providerChoice } from '../../core/model-providers';
import { PROVIDER_RETRY, type NodeDefinition } from '../node-definition';

export const ImageGenerateConfig = z.object({
  prompt: TemplateString,
  aspectRatio: TemplateString.default('1:1'),
  longEdge: z.number().int().min(256).max(4096).default(1080),
  /** An image parameter placed as background or product in the composition. */
  image: TemplateString.optional(),
  ...providerChoice(IMAGE_PROVIDERS),
});
export type ImageGenerateConfig = z.infer<typeof ImageGenerateConfig>;

/** image.generate: the image model renders the prompt at the node's aspect ratio. */
export const IMAGE_GENERATE = {
  title: 'Generate image',
  description: 'Renders an image from a prompt at an aspect ratio, optionally around an input image.',
  config: ImageGenerateConfig,
  produces: 'image',
  generation: true,
  queue: 'media',
  produceTag: 'image',
  minParents: 0,
  maxParents: 10,
  execution: 'activity',
  activity: {
    name: 'imageGenerate',
    options: { startToCloseTimeout: '5m', heartbeatTimeout: '60s', retry: PROVIDER_RETRY },
  },
} as const satisfies NodeDefinition;
