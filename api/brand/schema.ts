import { z } from 'zod';
import { queryInteger } from '../validate';
import {
  BrandDna,
  BrandIdentity,
  BrandStrategy,
  GuidancePackage,
  NewBrandObjective,
} from '../../core/brand/brand-context';
import {
  BRAND_CONTEXT_PATTERNS_DEFAULT,
  BRAND_CONTEXT_PATTERNS_MAX,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
} from '../../core/limits';
import type { BrandPart } from '../../adapters/db/brand';

/** The detail code of a PUT body that would erase the record it replaces. */
export const WOULD_EMPTY = 'would_empty_document';

/**
 * PUT replaces the whole record: fields left out are stored empty. A missing body, `{}` or one whose fields
 * are all empty used to answer 200 and wipe the record (issue 27 item 7), so a body that would leave the
 * record empty is a 400 that says the whole document is required. There is no partial update.
 */
function wholeDocument(schema: z.ZodObject, title: string): z.ZodType {
  const empty = JSON.stringify(schema.parse({}));
  const message =
    `PUT replaces the whole ${title}: send the whole document (fields left out are stored empty); ` +
    'this body would leave it empty';
  return schema
    .refine((value) => JSON.stringify(value) !== empty, { message, params: { detailCode: WOULD_EMPTY } })
    .meta({
      minProperties: 1,
      // The same rule for a client or a fuzzer: not a document each of whose fields is absent or empty.
      not: emptyDocument(JSON.parse(empty)),
      description: `The whole ${title}; fields left out are stored empty, and a body that would leave it empty is a 400`,
    });
}

/** The JSON Schema of the documents that parse to `empty`: each field absent, or as empty as it. */
function emptyDocument(empty: unknown): Record<string, unknown> {
  if (Array.isArray(empty)) return { type: 'array', maxItems: 0 };
  if (empty === null) return { type: 'null' };
  if (typeof empty === 'object')
    return {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(empty).map(([key, value]) => [key, emptyDocument(value)]),
      ),
    };
  return { const: empty };
}

/** The body of PUT /brand/{part}, by part. */
export const PARTS: Record<BrandPart, z.ZodType> = {
  dna: wholeDocument(BrandDna, 'brand DNA'),
  identity: wholeDocument(BrandIdentity, 'brand identity'),
  strategy: wholeDocument(BrandStrategy, 'brand strategy'),
  guidance: wholeDocument(GuidancePackage, 'guidance package'),
};
/** The body of POST /brand/objectives: the domain's own schema. */
export { NewBrandObjective };
/** Every brand route takes `brandProfileId` in the query (or the body); omitted = the active profile. */
export const ProfileQuery = z.object({ brandProfileId: z.string().optional() });
export const PatternsQuery = ProfileQuery.extend({
  limit: queryInteger({ min: 1, max: PAGE_LIMIT_MAX }).default(PAGE_LIMIT_DEFAULT),
  platform: z.string().max(40).optional(),
  modality: z.string().max(20).optional(),
});
export const KitElementBody = z.object({
  brandProfileId: z.string().nullable().optional(),
  element_type: z.enum(['voice', 'avatar', 'character', 'motion_graphic']),
  name: z.string().trim().min(1).max(120),
  ref_kind: z.enum(['cloned_voice', 'persona', 'asset']).nullable().default(null),
  ref_id: z.string().max(200).nullable().default(null),
  spec: z.record(z.string(), z.unknown()).default({}),
});
export const KitQuery = z.object({
  brandProfileId: z.string().optional(),
  includeInactive: z.enum(['true', 'false']).default('false'),
});
/** GET /intelligence/brand-context: the profile, and which top patterns to include. */
export const BrandContextQuery = ProfileQuery.extend({
  platform: z.string().max(40).optional().meta({ description: 'Only top patterns of this platform' }),
  modality: z.string().max(20).optional().meta({ description: 'Only top patterns of this modality' }),
  patternLimit: queryInteger({ min: 0, max: BRAND_CONTEXT_PATTERNS_MAX })
    .default(BRAND_CONTEXT_PATTERNS_DEFAULT)
    .meta({
      description: `How many top patterns (0..${BRAND_CONTEXT_PATTERNS_MAX}, default ${BRAND_CONTEXT_PATTERNS_DEFAULT})`,
    }),
});
