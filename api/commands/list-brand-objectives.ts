import type { Caller } from '../../core/app/app-access';
import { listObjectives } from '../../adapters/db/brand';
import type { BrandObjectiveRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';
import { resolveBrandProfile } from './resolve-brand-profile';

/** GET /v1/brand/objectives: the objectives of the named (or active) profile; none without a profile. */
export async function listBrandObjectives(
  deps: ApiDeps,
  caller: Caller,
  profileId: unknown,
): Promise<BrandObjectiveRow[]> {
  const row = await resolveBrandProfile(deps, caller, profileId);
  return row ? listObjectives(deps.db, row.id) : [];
}
