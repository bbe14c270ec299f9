import type { Caller } from '../../core/app/app-access';
import { listPublications } from '../../adapters/db/channels';
import type { ApiDeps } from '../deps';

/** GET /v1/publishing/history: the workspace's publish attempts, newest first, one page and the total. */
export async function publishHistory(deps: ApiDeps, caller: Caller, page: { limit: number; offset: number }) {
  return listPublications(deps.db, caller.workspaceId, page);
}
