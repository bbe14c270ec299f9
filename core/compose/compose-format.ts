import { z } from 'zod';

export const ComposeFormatInput = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  type: z.enum(['image', 'video', 'audio', 'text']),
  description: z.string(),
  required: z.boolean(),
});

/** A renderable video format as `catalog/compose-formats.json` lists it; `style` picks the scene recipe. */
export const ComposeFormat = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  label: z.string().min(1),
  description: z.string().min(1),
  available: z.boolean(),
  costTier: z.enum(['low', 'medium', 'high']),
  trending: z.boolean(),
  tags: z.array(z.string()),
  inputs: z.array(ComposeFormatInput),
  style: z.enum(['text', 'images', 'presenter', 'product', 'avatar']),
});
export type ComposeFormat = z.infer<typeof ComposeFormat>;
