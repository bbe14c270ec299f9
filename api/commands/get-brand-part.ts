import type { Caller } from '../../core/app/app-access';
import { brandContextOf, type BrandPart } from '../../adapters/db/brand';
import type { ApiDeps } from '../deps';
import { resolveBrandProfile } from './resolve-brand-profile';

/** GET /v1/brand/{part}: one part of the named (or active) brand profile; null when the workspace has none. */
export async function getBrandPart(deps: ApiDeps, caller: Caller, profileId: unknown, part: BrandPart) {
  const row = await resolveBrandProfile(deps, caller, profileId);
  return { value: row ? brandContextOf(row)[part] : null, profileId: row?.id ?? null };
}
