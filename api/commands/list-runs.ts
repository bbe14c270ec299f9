import type { Caller } from '../../core/app/app-access';
import { listRuns as listRunRows, type RunFilter } from '../../adapters/db/runs';
import type { ApiDeps } from '../deps';

/** GET /v1/runs: the workspace's runs, newest first, one page of them and the total. */
export async function listRuns(deps: ApiDeps, caller: Caller, filter: RunFilter) {
  return listRunRows(deps.db, caller.workspaceId, filter);
}
