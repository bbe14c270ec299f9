import { z } from 'zod';
import { ComposeFormatInput } from '../compose/compose-format';
import { described } from './common';

export const ComposeFormatView = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  available: z.boolean().meta({ description: 'false: on the roadmap, cannot be dispatched' }),
  costTier: z.enum(['low', 'medium', 'high']),
  estimatedCredits: z.number(),
  trending: z.boolean(),
  tags: z.array(z.string()),
  inputs: z.array(ComposeFormatInput),
  previewUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});

export const ComposeCapabilities = z.object({
  maxScriptDurationSec: z.int(),
  aspectRatios: z.array(z.string()),
  defaultAspectRatio: z.string(),
  clipSeconds: z.object({ min: z.int(), max: z.int(), default: z.int() }),
});

export const ComposeFormats = described(
  'ComposeFormats',
  z.object({ formats: z.array(ComposeFormatView), capabilities: ComposeCapabilities }),
  'Renderable video formats and what every format accepts',
  {
    formats: [
      {
        id: 'scripted-narration',
        label: 'Scripted narration',
        description: 'A narrated video of title cards from a script',
        available: true,
        costTier: 'low',
        estimatedCredits: 12,
        trending: false,
        tags: ['explainer'],
        inputs: [],
        previewUrl: null,
        thumbnailUrl: null,
      },
    ],
    capabilities: {
      maxScriptDurationSec: 90,
      aspectRatios: ['16:9', '9:16', '1:1', '4:5', '4:3'],
      defaultAspectRatio: '16:9',
      clipSeconds: { min: 3, max: 10, default: 5 },
    },
  },
);
export type ComposeFormats = z.infer<typeof ComposeFormats>;

export type ComposeFormatView = z.infer<typeof ComposeFormatView>;
export type ComposeCapabilities = z.infer<typeof ComposeCapabilities>;
