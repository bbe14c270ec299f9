import type { Caller } from '../../core/app/app-access';
import type { RunSource, RunStatus } from '../../core/run/run-status';
import { listRuns as listRunRows } from '../../adapters/db/runs';
import type { ApiDeps } from '../deps';

export interface RunFilter {
  appId?: string;
  status?: RunStatus;
  source?: RunSource;
  /** ISO 8601: only runs created at or after it. */
  since?: string;
  limit: number;
  offset: number;
}

/** GET /v1/runs: the workspace's runs, newest first, one page of them and the total. */
export async function listRuns(deps: ApiDeps, caller: Caller, filter: RunFilter) {
  return listRunRows(deps.db, caller.workspaceId, filter);
}
