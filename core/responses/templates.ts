import { z } from 'zod';
import { TEMPLATE_CATEGORIES, TemplateGuidance } from '../content/content-template';
import { described, exampleOf } from './common';

export const Template = described(
  'Template',
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.enum(TEMPLATE_CATEGORIES),
    suggestedModalities: z.array(z.string()),
    suggestedPlatforms: z.array(z.string()),
    isBuiltIn: z.boolean(),
  }),
  'A content template; its id is the templateId of content creation',
  {
    id: 'product-launch',
    name: 'Product launch',
    description: 'Announce a new product across channels',
    category: 'launch',
    suggestedModalities: ['image', 'video'],
    suggestedPlatforms: ['instagram'],
    isBuiltIn: true,
  },
);
export type Template = z.infer<typeof Template>;

export const TemplateDetail = described(
  'TemplateDetail',
  Template.extend({ guidance: TemplateGuidance }),
  'A template with its guidance',
  {
    ...exampleOf(Template),
    guidance: {
      promptDirectives: ['show the product in use'],
      negativePrompts: ['clutter'],
      winningPatterns: [],
      testIdeas: [],
      compositions: [],
    },
  },
);

export type TemplateDetail = z.infer<typeof TemplateDetail>;
