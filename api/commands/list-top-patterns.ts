import type { Caller } from '../../core/app/app-access';
import type { TopPattern } from '../../core/brand/brand-context';
import { topPatterns } from '../../adapters/db/brand';
import type { ApiDeps } from '../deps';
import { resolveBrandProfile } from './resolve-brand-profile';

/** GET /v1/brand/patterns/top: the workspace's best patterns, those of the named (or active) profile included. */
export async function listTopPatterns(
  deps: ApiDeps,
  caller: Caller,
  profileId: unknown,
  filter: { platform?: string; modality?: string; limit: number },
): Promise<TopPattern[]> {
  const row = await resolveBrandProfile(deps, caller, profileId);
  return topPatterns(deps.db, caller.workspaceId, { profileId: row?.id, ...filter });
}
