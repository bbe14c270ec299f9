import { z } from 'zod';
import type { BrandPart } from '../../adapters/db/brand';
import { BrandContextView } from '../../core/responses/brand';
import { JsonObject } from '../../core/responses/common';
import { updateBrandPart } from '../commands/update-brand-part';
import { parseWith } from '../validate';
import { presentBrandContext } from '../brand/presenter';
import { BrandContextQuery, PARTS } from '../brand/schema';
import { getBrandContext } from '../commands/get-brand-context';
import { tool } from './tool';

/** The brand context content creation folds in: read in one call. */
export const BRAND_TOOLS = [
  tool({
    name: 'get_brand_context',
    title: 'Get the brand context',
    description:
      'A brand profile in one read (omitted brandProfileId: the active one): DNA, identity, strategy, ' +
      'guidance, objectives and top patterns. atelier_create applies it already; read it to write a brief ' +
      'or a prompt in the brand voice yourself.',
    input: BrandContextQuery,
    output: BrandContextView,
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }, query) => presentBrandContext(await getBrandContext(deps, caller, query)),
  }),
  tool({
    name: 'update_brand',
    title: 'Write a brand record',
    description:
      'Replace one record of a brand profile (omitted brandProfileId: the active one, made on first ' +
      'write): dna, identity, strategy or guidance, shaped as get_brand_context shows it. Runs started ' +
      'afterwards use it.',
    input: z.object({
      part: z.enum(Object.keys(PARTS) as [BrandPart, ...BrandPart[]]),
      record: JsonObject.meta({ description: 'The whole record; fields left out take their defaults' }),
      brandProfileId: z.string().max(100).optional(),
    }),
    output: z.object({ brandProfileId: z.string(), part: z.string(), record: JsonObject }),
    annotations: { idempotentHint: true },
    run: async ({ deps, caller }, { part, record, brandProfileId }) => {
      const value = parseWith(PARTS[part], record) as Record<string, unknown>;
      const profileId = await updateBrandPart(deps, caller, brandProfileId, part, value);
      return { brandProfileId: profileId, part, record: value };
    },
  }),
];
