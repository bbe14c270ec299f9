import { z } from 'zod';

export const TEMPLATE_CATEGORIES = [
  'launch',
  'trend',
  'campaign',
  'optimization',
  'testing',
  'library',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

const line = z.string().trim().min(1).max(300);
const lines = z.array(line).max(30);

/** One asset of a multi-asset composition: what to make, where, and why. */
export const CompositionAsset = z.object({
  role: z.string().min(1).max(80),
  modality: z.enum(['image', 'video', 'audio', 'text']),
  platform: z.string().max(40).optional(),
  aspectRatio: z.string().max(10).optional(),
});

export const TemplateGuidance = z.object({
  promptDirectives: lines.min(1),
  negativePrompts: lines,
  winningPatterns: lines,
  testIdeas: lines,
  compositions: z
    .array(z.object({ name: line, description: line, assets: z.array(CompositionAsset).min(1).max(10) }))
    .max(10),
});
export type TemplateGuidance = z.infer<typeof TemplateGuidance>;

/** A content template: a built-in data file in catalog/templates or a workspace row. */
export const ContentTemplate = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$|^[0-9a-f-]{36}$/)
    .max(80),
  name: z.string().min(1).max(120),
  description: z.string().max(600),
  category: z.enum(TEMPLATE_CATEGORIES),
  suggestedModalities: z.array(z.enum(['image', 'video', 'audio', 'text', 'mixed'])).max(5),
  suggestedPlatforms: z.array(z.string().min(1).max(40)).max(12),
  guidance: TemplateGuidance,
});
export type ContentTemplate = z.infer<typeof ContentTemplate>;
