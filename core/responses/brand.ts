import { z } from 'zod';
import { BrandDna, BrandIdentity, BrandStrategy, GuidancePackage } from '../brand/brand-context';
import { described, EXAMPLE_IDS, EXAMPLE_TIME, exampleOf, JsonObject, Timestamp } from './common';

const profileId = z
  .string()
  .nullable()
  .meta({ description: 'The brand profile read or written (null: none yet)' });

/** GET|PUT /v1/brand/{part}: the record (null when unset) and the profile it belongs to. */
function partResponse<T extends z.ZodType>(id: string, part: T, description: string, example: z.output<T>) {
  return described(id, z.object({ data: part.nullable(), brandProfileId: profileId }), description, {
    data: example,
    brandProfileId: EXAMPLE_IDS.profile,
  } as z.output<z.ZodObject<{ data: z.ZodNullable<T>; brandProfileId: typeof profileId }>>);
}

const list = (): string[] => [];

export const BrandDnaResponse = partResponse('BrandDnaResponse', BrandDna, 'Brand DNA of a profile', {
  voiceAttributes: ['warm', 'direct'],
  visualIdentity: ['teal and white'],
  contentPillars: list(),
  audienceSignals: list(),
  guardrails: ['no stock photos'],
  toneSpectrum: { primary: 'friendly', secondary: null, avoid: ['sarcasm'] },
  performanceProfile: { topPatterns: [], weakPatterns: [], avgEngagementTier: null },
});
export const BrandIdentityResponse = partResponse(
  'BrandIdentityResponse',
  BrandIdentity,
  'Brand identity of a profile',
  {
    'category.primary': 'outdoor gear',
    'category.sub': null,
    business_model: 'd2c',
    price_tier: 'mid',
    value_proposition: 'Bottles that keep cold for 24 hours',
    'market.currency': 'EUR',
    offering: ['water bottles'],
    proof_point: list(),
    'audience.segment': ['hikers'],
    'market.geography': ['EU'],
    'market.language': ['en'],
    'seasonality.moment': list(),
  },
);
export const BrandStrategyResponse = partResponse(
  'BrandStrategyResponse',
  BrandStrategy,
  'Brand strategy of a profile',
  {
    tagline: 'Cold for the whole climb',
    mission: null,
    goals: ['grow Instagram reach'],
    values: list(),
    differentiators: list(),
    messagingPillars: list(),
    audienceNeeds: list(),
    voiceDirectives: [{ text: 'say "you"', kind: 'use' }],
  },
);
export const GuidanceResponse = partResponse(
  'GuidanceResponse',
  GuidancePackage,
  'Guidance package of a profile',
  {
    promptDirectives: ['natural light'],
    negativePrompts: ['watermark'],
    recommendedMoves: list(),
    testIdeas: list(),
    winningPatterns: list(),
    weakPatterns: list(),
    supportingMetrics: list(),
    creativeStructure: null,
  },
);

export const BrandObjective = described(
  'BrandObjective',
  z.object({
    id: z.string(),
    type: z.string(),
    statement: z.string(),
    successMeasure: z.string().nullable(),
    priority: z.int().min(1).max(5),
    claimScope: z.enum(['global', 'market', 'product']),
    scopeKey: z.string(),
    scopeLabel: z.string().nullable(),
    startsAt: Timestamp.nullable(),
    endsAt: Timestamp.nullable(),
    currentlyApplicable: z.literal(true),
    revision: z.int(),
  }),
  'A brand objective',
  {
    id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182',
    type: 'awareness',
    statement: 'Be the bottle hikers recommend',
    successMeasure: null,
    priority: 2,
    claimScope: 'global',
    scopeKey: 'global',
    scopeLabel: null,
    startsAt: EXAMPLE_TIME,
    endsAt: null,
    currentlyApplicable: true,
    revision: 1,
  },
);

export const KitElement = described(
  'KitElement',
  z.object({
    id: z.string(),
    element_type: z.enum(['voice', 'avatar', 'character', 'motion_graphic']),
    name: z.string(),
    ref_kind: z.enum(['cloned_voice', 'persona', 'asset']).nullable(),
    ref_id: z.string().nullable(),
    spec: JsonObject,
    version: z.int().min(1),
    is_active: z.boolean(),
  }),
  'A brand kit element (versioned by name)',
  {
    id: '4c5d6e7f-8091-4a2b-8c3d-4e5f60718293',
    element_type: 'voice',
    name: 'Narrator',
    ref_kind: null,
    ref_id: null,
    spec: { voice: 'en-gb' },
    version: 1,
    is_active: true,
  },
);

export const TopPattern = described(
  'TopPattern',
  z.object({
    id: z.string(),
    title: z.string().nullable(),
    modality: z.string().nullable(),
    platform: z.string().nullable(),
    performanceScore: z.number(),
    winningPatterns: z.array(z.string()),
  }),
  'A top performing content pattern',
  {
    id: '6e7f8091-a2b3-4c4d-8e5f-60718293a4b5',
    title: 'Bottle on a summit at dawn',
    modality: 'image',
    platform: 'instagram',
    performanceScore: 87,
    winningPatterns: ['golden hour', 'human hand in frame'],
  },
);

export type BrandDnaResponse = z.infer<typeof BrandDnaResponse>;
export type BrandIdentityResponse = z.infer<typeof BrandIdentityResponse>;
export type BrandStrategyResponse = z.infer<typeof BrandStrategyResponse>;
export type GuidanceResponse = z.infer<typeof GuidanceResponse>;
export type BrandObjective = z.infer<typeof BrandObjective>;
export type KitElement = z.infer<typeof KitElement>;
export type TopPattern = z.infer<typeof TopPattern>;

export const BrandContextView = described(
  'BrandContextView',
  z.object({
    brandProfileId: profileId,
    name: z.string().nullable().meta({ description: 'The profile name (null: the workspace has none)' }),
    dna: BrandDna.nullable(),
    identity: BrandIdentity.nullable(),
    strategy: BrandStrategy.nullable(),
    guidance: GuidancePackage.nullable(),
    objectives: z.array(BrandObjective),
    topPatterns: z.array(TopPattern).meta({ description: 'Best first; the profile’s and unscoped ones' }),
  }),
  'Everything content creation reads of a brand profile, in one read',
  {
    brandProfileId: EXAMPLE_IDS.profile,
    name: 'Default brand',
    dna: exampleOf(BrandDnaResponse).data,
    identity: null,
    strategy: null,
    guidance: exampleOf(GuidanceResponse).data,
    objectives: [exampleOf(BrandObjective)],
    topPatterns: [exampleOf(TopPattern)],
  },
);
export type BrandContextView = z.infer<typeof BrandContextView>;
