import type { Caller } from '../../core/app/app-access';
import { notFound } from '../../core/errors';
import { isUuid } from '../../core/ids';
import { activeOrNewProfile, findBrandProfile } from '../../adapters/db/brand';
import type { BrandProfileRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';

/** The named brand profile (404 if it is not the workspace's), else the active one, else none. */
export async function resolveBrandProfile(
  deps: ApiDeps,
  caller: Caller,
  profileId: unknown,
): Promise<BrandProfileRow | undefined> {
  if (profileId === undefined || profileId === null || profileId === '')
    return findBrandProfile(deps.db, caller.workspaceId);
  if (!isUuid(profileId)) throw notFound('Brand profile');
  const row = await findBrandProfile(deps.db, caller.workspaceId, profileId);
  if (!row) throw notFound('Brand profile');
  return row;
}

/** The profile a write goes to: the named or active one; a workspace without any gets its active profile. */
export async function brandProfileToWrite(
  deps: ApiDeps,
  caller: Caller,
  profileId: unknown,
): Promise<BrandProfileRow> {
  return (
    (await resolveBrandProfile(deps, caller, profileId)) ??
    (await activeOrNewProfile(deps.db, caller.workspaceId))
  );
}
