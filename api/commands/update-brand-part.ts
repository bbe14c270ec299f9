import type { Caller } from '../../core/app/app-access';
import { setBrandPart, type BrandPart } from '../../adapters/db/brand';
import type { ApiDeps } from '../deps';
import { brandProfileToWrite } from './resolve-brand-profile';

/** PUT /v1/brand/{part}: replaces one part of the named (or active, or a new active) profile; returns its id. */
export async function updateBrandPart(
  deps: ApiDeps,
  caller: Caller,
  profileId: unknown,
  part: BrandPart,
  value: unknown,
): Promise<string> {
  const row = await brandProfileToWrite(deps, caller, profileId);
  await setBrandPart(deps.db, row.id, part, value);
  return row.id;
}
