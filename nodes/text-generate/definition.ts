import { z } from 'zod';
import { TemplateString } from '../../core/graph/node-types';
import { TEXT_PROVIDERS, providerChoice } from '../../core/model-providers';
import { PROVIDER_RETRY, type NodeDefinition } from '../node-definition';

export const TextGenerateConfig = z.object({
  prompt: TemplateString,
  system: TemplateString.optional(),
  purpose: z
    .enum(['caption', 'script', 'headline', 'alt_text', 'talking_points', 'generic'])
    .default('generic'),
  maxWords: z.number().int().min(1).max(2000).optional(),
  ...providerChoice(TEXT_PROVIDERS),
});
export type TextGenerateConfig = z.infer<typeof TextGenerateConfig>;

/** text.generate: the configured text model writes from the rendered prompt. */
export const TEXT_GENERATE = {
  title: 'Generate text',
  description: 'Writes text (a caption, a script, a headline ...) from a prompt with the text model.',
  config: TextGenerateConfig,
  produces: 'text',
  generation: true,
  queue: 'io',
  produceTag: 'copy',
  minParents: 0,
  maxParents: 10,
  execution: 'activity',
  activity: {
    name: 'textGenerate',
    options: { startToCloseTimeout: '3m', retry: PROVIDER_RETRY },
    localOn: ['local'],
  },
} as const satisfies NodeDefinition;
