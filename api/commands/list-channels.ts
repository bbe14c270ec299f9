import type { Caller } from '../../core/app/app-access';
import { listValidChannels } from '../../adapters/db/channels';
import type { ApiDeps } from '../deps';

/** GET /v1/publishing/channels: the workspace's connected channels whose tokens have not expired. */
export async function listChannels(deps: ApiDeps, caller: Caller) {
  return listValidChannels(deps.db, caller.workspaceId);
}
