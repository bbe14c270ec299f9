import { z } from 'zod';
import { queryInteger } from '../validate';
import { VISIBILITIES, type Visibility } from '../../core/app/app-access';
import { AppSource } from '../../core/app/build-app';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_OFFSET_MAX } from '../../core/limits';

export const ListQuery = z.object({
  search: z.string().max(200).optional(),
  // `?limit=` is no limit: read as a number, the empty string would become 0 and hide every public app.
  limit: z.preprocess((v) => (v === '' ? undefined : v), queryInteger({ min: 0, max: 1000 }).optional()),
});
export const VisibilityBody = z.object({ visibility: z.enum(VISIBILITIES as [Visibility, ...Visibility[]]) });
export const EstimateBody = z.object({
  outputs: z.array(z.string().min(1)).max(50).optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
});

/** POST /v1/apps: an app as data (core/app/build-app.ts), private unless asked otherwise. */
export const AppBody = AppSource.extend({
  visibility: z.enum(VISIBILITIES as [Visibility, ...Visibility[]]).optional(),
});
export type AppBody = z.infer<typeof AppBody>;
/** PUT /v1/apps/{appId}: the whole app again; `baseVersion` refuses the write if someone saved since. */
export const AppUpdateBody = AppBody.extend({ baseVersion: z.number().int().min(1).optional() });
export type AppUpdateBody = z.infer<typeof AppUpdateBody>;
/** `?validateOnly=true`: check the app (and answer what it would be) without storing anything. */
export const AppWriteQuery = z.object({ validateOnly: z.enum(['true', 'false']).optional() });
/** GET /v1/apps/{appId}/versions: newest first, a page at a time. */
export const VersionsQuery = z.object({
  limit: queryInteger({ min: 1, max: PAGE_LIMIT_MAX }).default(PAGE_LIMIT_DEFAULT),
  offset: queryInteger({ min: 0, max: PAGE_OFFSET_MAX }).default(0),
});
/** GET /v1/apps/{appId}/versions/{version}: `compareTo` another version instead of the one before it. */
export const VersionQuery = z.object({ compareTo: queryInteger({ min: 1, max: 999_999_999 }).optional() });
