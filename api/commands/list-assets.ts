import { isUuid } from '../../core/ids';
import type { Caller } from '../../core/app/app-access';
import { listAssets as listAssetRows, type AssetFilter } from '../../adapters/db/assets';
import type { ApiDeps } from '../deps';

/** GET /v1/assets: completed outputs of the workspace's completed runs and its transfers, newest first. */
export async function listAssets(deps: ApiDeps, caller: Caller, filter: AssetFilter) {
  // A run id that is not a UUID names no run: no assets (and no query that PostgreSQL would refuse).
  if (filter.runId !== undefined && !isUuid(filter.runId)) return { rows: [], total: 0 };
  return listAssetRows(deps.db, caller.workspaceId, filter);
}
