import { z } from 'zod';
import { queryInteger } from '../validate';
import {
  BrandDna,
  BrandIdentity,
  BrandStrategy,
  GuidancePackage,
  NewBrandObjective,
} from '../../core/brand/brand-context';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../core/limits';
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
      description: `The whole ${title}; fields left out are stored empty, and a body that would leave it empty is a 400`,
    });
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
