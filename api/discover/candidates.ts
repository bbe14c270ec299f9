import { appAccess, type Caller } from '../../core/app/app-access';
import type { ContentApp } from '../../core/content/plan-content';
import { toCandidate } from '../../core/discovery/candidate';
import { listVisibleApps } from '../../adapters/db/apps';
import type { ApiDeps } from '../deps';
import { compileRow, ownership, type LoadedApp } from '../apps/app-store';

export interface UsableApp extends ContentApp {
  loaded: LoadedApp;
}

/** Apps the caller may use, by the listing rules: their workspace's (minus private ones they may not use) and public ones. */
export async function usableApps(deps: ApiDeps, caller: Caller): Promise<UsableApp[]> {
  const rows = await listVisibleApps(deps.db, caller.workspaceId, {});
  const usable = [...rows.own.filter((row) => appAccess(ownership(row), caller) === 'use'), ...rows.public];
  return usable.flatMap((row) => {
    try {
      const loaded = compileRow(row);
      return [
        { appId: row.id, compiled: loaded, candidate: toCandidate(row.id, loaded, deps.costs), loaded },
      ];
    } catch (err) {
      // One broken stored app must not take discovery down; it simply cannot be found.
      deps.logger.warn(
        { appId: row.id, err: (err as Error).message },
        'app skipped by discovery: it does not compile',
      );
      return [];
    }
  });
}
