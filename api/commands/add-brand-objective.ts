import type { Caller } from '../../core/app/app-access';
import type { NewBrandObjective } from '../../core/brand/brand-context';
import { insertObjective } from '../../adapters/db/brand';
import type { BrandObjectiveRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';
import { brandProfileToWrite } from './resolve-brand-profile';

/** POST /v1/brand/objectives: adds an objective to the named (or active, or a new active) profile. */
export async function addBrandObjective(
  deps: ApiDeps,
  caller: Caller,
  profileId: unknown,
  objective: NewBrandObjective,
): Promise<BrandObjectiveRow> {
  const row = await brandProfileToWrite(deps, caller, profileId);
  return insertObjective(deps.db, caller.workspaceId, row.id, objective);
}
