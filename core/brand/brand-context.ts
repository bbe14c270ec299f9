import { z } from 'zod';
import { OffsetDateTime } from '../date-time';

/** Limits of brand context records, named once. */
export const BRAND_LIST_MAX_ITEMS = 50;
export const BRAND_ITEM_MAX_LENGTH = 300;
export const OBJECTIVE_PRIORITY = { min: 1, max: 5 } as const;

const item = z.string().trim().min(1).max(BRAND_ITEM_MAX_LENGTH);
const list = z.array(item).max(BRAND_LIST_MAX_ITEMS).default([]);
const text = z.string().trim().max(BRAND_ITEM_MAX_LENGTH).nullable().default(null);

/** Brand DNA: how the brand sounds and looks, and what has worked for it. */
export const BrandDna = z.object({
  voiceAttributes: list,
  visualIdentity: list,
  contentPillars: list,
  audienceSignals: list,
  guardrails: list,
  toneSpectrum: z
    .object({ primary: text, secondary: text, avoid: list })
    .default({ primary: null, secondary: null, avoid: [] }),
  performanceProfile: z
    .object({
      topPatterns: z.array(z.unknown()).max(BRAND_LIST_MAX_ITEMS).default([]),
      weakPatterns: z.array(z.unknown()).max(BRAND_LIST_MAX_ITEMS).default([]),
      avgEngagementTier: text,
    })
    .default({ topPatterns: [], weakPatterns: [], avgEngagementTier: null }),
});
export type BrandDna = z.infer<typeof BrandDna>;

/** Brand identity: what the business is and where it sells. Keys follow the contract's dotted names. */
export const BrandIdentity = z.object({
  'category.primary': text,
  'category.sub': text,
  business_model: text,
  price_tier: text,
  value_proposition: text,
  'market.currency': text,
  offering: list,
  proof_point: list,
  'audience.segment': list,
  'market.geography': list,
  'market.language': list,
  'seasonality.moment': list,
});
export type BrandIdentity = z.infer<typeof BrandIdentity>;

export const BrandStrategy = z.object({
  tagline: text,
  mission: text,
  goals: list,
  values: list,
  differentiators: list,
  messagingPillars: list,
  audienceNeeds: list,
  voiceDirectives: z
    .array(z.object({ text: item, kind: z.enum(['use', 'avoid']) }))
    .max(BRAND_LIST_MAX_ITEMS)
    .default([]),
});
export type BrandStrategy = z.infer<typeof BrandStrategy>;

/** Guidance package: directives every prompt of the brand should follow. */
export const GuidancePackage = z.object({
  promptDirectives: list,
  negativePrompts: list,
  recommendedMoves: list,
  testIdeas: list,
  winningPatterns: list,
  weakPatterns: list,
  supportingMetrics: list,
  creativeStructure: z.unknown().nullable().default(null),
});
export type GuidancePackage = z.infer<typeof GuidancePackage>;

export const NewBrandObjective = z
  .object({
    type: z.string().trim().min(1).max(80),
    statement: z.string().trim().min(1).max(1000),
    successMeasure: z.string().trim().max(500).nullable().default(null),
    priority: z.number().int().min(OBJECTIVE_PRIORITY.min).max(OBJECTIVE_PRIORITY.max).default(3),
    claimScope: z.enum(['global', 'market', 'product']).default('global'),
    scopeKey: z.string().trim().min(1).max(120).default('global'),
    scopeLabel: z.string().trim().max(200).nullable().default(null),
    startsAt: OffsetDateTime.nullable().default(null),
    endsAt: OffsetDateTime.nullable().default(null),
  })
  .refine(endsNoEarlierThanItStarts, {
    path: ['endsAt'],
    message: 'endsAt must not be earlier than startsAt',
  });
export type NewBrandObjective = z.infer<typeof NewBrandObjective>;

/** An objective may end when it starts, never before (issue 27 item 6). */
function endsNoEarlierThanItStarts(o: { startsAt: string | null; endsAt: string | null }): boolean {
  return o.startsAt === null || o.endsAt === null || Date.parse(o.endsAt) >= Date.parse(o.startsAt);
}

/** What content creation and briefs read of a brand profile: any part may be missing. */
export interface BrandContext {
  profileId: string;
  name: string;
  dna: BrandDna | null;
  identity: BrandIdentity | null;
  strategy: BrandStrategy | null;
  guidance: GuidancePackage | null;
}

/** A trend signal or a top pattern, as briefs use them. */
export interface TrendSignal {
  signal: string;
  category: string;
  platform: string;
  growth: string;
  confidence: string;
}

export interface TopPattern {
  id: string;
  title: string | null;
  modality: string | null;
  platform: string | null;
  performanceScore: number;
  winningPatterns: string[];
}
