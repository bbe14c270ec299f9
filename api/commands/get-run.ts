import type { Caller } from '../../core/app/app-access';
import { notFound } from '../../core/errors';
import type { RunView } from '../../core/run/present-run';
import { loadRunView } from '../../adapters/db/run-view';
import type { ApiDeps } from '../deps';

/** GET /v1/runs/{runId}: the caller's run with its outputs; another workspace's run is not found. */
export async function getRun(deps: ApiDeps, caller: Caller, runId: string): Promise<RunView> {
  const run = await loadRunView(deps.db, runId, caller.workspaceId);
  if (!run) throw notFound('Run');
  return run;
}
