import { z } from 'zod';
import { Capabilities } from './apps';
import { described, EXAMPLE_IDS, exampleOf } from './common';

export const MatchReason = z.object({
  source: z.enum(['name', 'description', 'frontmatter', 'capability', 'semantic']),
  field: z.string(),
  terms: z.array(z.string()),
  explanation: z.string(),
});

export const DiscoveryMatch = described(
  'DiscoveryMatch',
  z.object({
    appId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    relevanceScore: z.number().min(0).max(1),
    capabilities: Capabilities,
    estimatedCredits: z.number(),
    whyMatch: z.string(),
    matchReasons: z.array(MatchReason),
    confidence: z.number().min(0).max(1).meta({
      description: 'Calibrated likelihood that this is the app the intent wants; matches are listed by it',
    }),
  }),
  'An app ranked for an intent, with the reasons',
  {
    appId: EXAMPLE_IDS.app,
    name: 'Product Photo',
    description: 'A studio product photo from a short description',
    relevanceScore: 0.82,
    capabilities: exampleOf(Capabilities),
    estimatedCredits: 4,
    whyMatch: 'name matches "product photo"',
    matchReasons: [
      {
        source: 'name',
        field: 'name',
        terms: ['product', 'photo'],
        explanation: 'The name says "product photo"',
      },
    ],
    confidence: 0.93,
  },
);

export const IntentMediumValue = z.enum(['image', 'video', 'audio', 'text', 'mixed']);

export const DiscoveryResult = described(
  'DiscoveryResult',
  z.object({
    matches: z.array(DiscoveryMatch),
    intent: z.object({ medium: IntentMediumValue, summary: z.string() }),
    verdict: z.object({
      status: z.enum(['fit', 'unmatched']),
      reason: z.string().nullable().meta({ description: 'For unmatched: what no app does' }),
    }),
    confidence: z
      .object({
        value: z.number().min(0).max(1),
        runThreshold: z.number().min(0).max(1),
        model: z.enum(['lexical', 'semantic']),
      })
      .meta({
        description:
          'Calibrated likelihood that the first match is the app the intent wants; content/create runs it only at or above runThreshold',
      }),
  }),
  'Apps ranked for an intent, and whether any fits',
  {
    matches: [exampleOf(DiscoveryMatch)],
    intent: { medium: 'image', summary: 'a product photo' },
    verdict: { status: 'fit', reason: null },
    confidence: { value: 0.93, runThreshold: 0.7, model: 'semantic' },
  },
);
export type DiscoveryResult = z.infer<typeof DiscoveryResult>;

export type MatchReason = z.infer<typeof MatchReason>;
export type DiscoveryMatch = z.infer<typeof DiscoveryMatch>;
export type IntentMediumValue = z.infer<typeof IntentMediumValue>;
