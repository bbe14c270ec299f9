import { appAccess, type Caller } from '../../core/app/app-access';
import { listVisibleApps } from '../../adapters/db/apps';
import type { AppRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';
import { compileRow, ownership, type LoadedApp } from './load-app';

export interface AppListing {
  search?: string;
  /** At most this many public apps of others; all when omitted. */
  publicLimit?: number;
}

/** The rows of the apps a caller may use: their workspace's (minus private ones they may not use), then public ones. */
export async function usableAppRows(deps: ApiDeps, caller: Caller, listing: AppListing): Promise<AppRow[]> {
  const rows = await listVisibleApps(deps.db, caller.workspaceId, listing);
  return [...rows.own.filter((row) => appAccess(ownership(row), caller) === 'use'), ...rows.public];
}

/** GET /v1/apps: the apps a caller may use, compiled. */
export async function listApps(deps: ApiDeps, caller: Caller, listing: AppListing): Promise<LoadedApp[]> {
  return (await usableAppRows(deps, caller, listing)).map(compileRow);
}
