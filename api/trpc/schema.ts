import { z } from 'zod';
import { VISIBILITIES, type Visibility } from '../../core/app/app-access';
import { AppSource } from '../../core/app/build-app';
import { isUuid } from '../../core/ids';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../core/limits';

const uuid = z.string().refine(isUuid, 'must be a UUID');
const page = {
  limit: z.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  offset: z.number().int().min(0).default(0),
};

export const AppsListInput = z
  .object({ search: z.string().max(200).optional(), limit: z.number().int().min(0).optional() })
  .default({});
export const AppGetInput = z.object({ appId: uuid });
/** apps.create / apps.update: an app as data, as POST and PUT /v1/apps take it; validateOnly stores nothing. */
export const AppCreateInput = AppSource.extend({
  visibility: z.enum(VISIBILITIES as [Visibility, ...Visibility[]]).optional(),
  validateOnly: z.boolean().default(false),
});
export const AppUpdateInput = AppCreateInput.extend({
  appId: uuid,
  baseVersion: z.number().int().min(1).optional(),
});
export const RunStartInput = z.object({
  appId: uuid,
  inputs: z.record(z.string(), z.unknown()).default({}),
  outputs: z.array(z.string()).optional(),
  test: z.boolean().default(false),
});
export const RunGetInput = z.object({ runId: uuid });
export const RunsListInput = z
  .object({
    appId: uuid.optional(),
    status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']).optional(),
    ...page,
  })
  .default({ limit: PAGE_LIMIT_DEFAULT, offset: 0 });
export const AssetsListInput = z
  .object({
    runId: uuid.optional(),
    type: z.enum(['image', 'video', 'audio', 'text']).optional(),
    ...page,
  })
  .default({ limit: PAGE_LIMIT_DEFAULT, offset: 0 });
