import type { Caller } from '../../core/app/app-access';
import { addKitElement as storeKitElement, type NewKitElement } from '../../adapters/db/brand-kit';
import type { ApiDeps } from '../deps';
import { brandProfileToWrite } from './resolve-brand-profile';

/** POST /v1/brand/kit: a kit element of the named (or active, or a new active) profile; a new version of one with the same name. */
export async function addKitElement(
  deps: ApiDeps,
  caller: Caller,
  profileId: unknown,
  element: NewKitElement,
) {
  const profile = await brandProfileToWrite(deps, caller, profileId);
  return storeKitElement(deps.db, caller.workspaceId, profile.id, element);
}
