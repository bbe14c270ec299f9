import { z } from 'zod';
import { VISIBILITIES, type Visibility } from '../../core/app/app-access';

export const ListQuery = z.object({
  search: z.string().max(200).optional(),
  // `?limit=` is no limit: coerced as it is, the empty string would become 0 and hide every public app.
  limit: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1000).optional()),
});
export const VisibilityBody = z.object({ visibility: z.enum(VISIBILITIES as [Visibility, ...Visibility[]]) });
export const EstimateBody = z.object({
  outputs: z.array(z.string().min(1)).max(50).optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
});
