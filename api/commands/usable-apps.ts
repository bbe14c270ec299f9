import type { Caller } from '../../core/app/app-access';
import type { ContentApp } from '../../core/content/plan-content';
import { toCandidate } from '../../core/discovery/candidate';
import type { ApiDeps } from '../deps';
import { usableAppRows } from './list-apps';
import { compileRow, type LoadedApp } from './load-app';

export interface UsableApp extends ContentApp {
  loaded: LoadedApp;
}

/** Discovery candidates: every app the caller may use (the listing's rules, no limit), compiled and described. */
export async function usableApps(deps: ApiDeps, caller: Caller): Promise<UsableApp[]> {
  const usable = await usableAppRows(deps, caller, {});
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
