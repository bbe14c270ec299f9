import { z } from 'zod';
import { TemplateString } from '../../core/graph/node-types';
import { PROVIDER_RETRY, type NodeDefinition } from '../node-definition';

export const ImageEditConfig = z.object({
  image: TemplateString.optional(),
  aspectRatio: TemplateString.optional(),
  longEdge: z.number().int().min(256).max(4096).default(1080),
  fit: z.enum(['cover', 'contain']).default('cover'),
  background: z.string().default('#ffffff'),
  text: TemplateString.optional(),
  textPosition: z.enum(['top', 'center', 'bottom']).default('bottom'),
  logo: TemplateString.optional(),
  format: z.enum(['png', 'jpeg']).default('png'),
});
export type ImageEditConfig = z.infer<typeof ImageEditConfig>;

/** image.edit: crop or letterbox to a ratio, overlay text and a logo, re-encode. */
export const IMAGE_EDIT = {
  title: 'Edit image',
  description: 'Crops or letterboxes its parent image to a ratio, overlays text and a logo, re-encodes it.',
  config: ImageEditConfig,
  produces: 'image',
  generation: false,
  queue: 'media',
  produceTag: 'edited-image',
  minParents: 0,
  maxParents: 10,
  execution: 'activity',
  activity: {
    name: 'imageEdit',
    options: { startToCloseTimeout: '5m', heartbeatTimeout: '60s', retry: PROVIDER_RETRY },
  },
} as const satisfies NodeDefinition;
