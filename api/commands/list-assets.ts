import type { Caller } from '../../core/app/app-access';
import { listAssets as listAssetRows, type AssetFilter } from '../../adapters/db/assets';
import type { ApiDeps } from '../deps';

/** GET /v1/assets: completed outputs of the workspace's completed runs and its transfers, newest first. */
export async function listAssets(deps: ApiDeps, caller: Caller, filter: AssetFilter) {
  return listAssetRows(deps.db, caller.workspaceId, filter);
}
