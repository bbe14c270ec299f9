import type { Caller } from '../../core/app/app-access';
import { listKitElements as listStoredKitElements } from '../../adapters/db/brand-kit';
import type { ApiDeps } from '../deps';
import { resolveBrandProfile } from './resolve-brand-profile';

/** GET /v1/brand/kit: the kit elements of the named (or active) profile; none without a profile. */
export async function listKitElements(
  deps: ApiDeps,
  caller: Caller,
  profileId: string | undefined,
  options: { includeInactive: boolean },
) {
  const profile = await resolveBrandProfile(deps, caller, profileId);
  return profile ? listStoredKitElements(deps.db, profile.id, options) : [];
}
