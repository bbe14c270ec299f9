import type { Caller } from '../../core/app/app-access';
import { notFound } from '../../core/errors';
import type { RunView } from '../../core/run/present-run';
import type { CachedRunView } from '../../adapters/events/run-view-cache';
import type { ApiDeps } from '../deps';

/**
 * GET /v1/runs/{runId}: the caller's run with its outputs, as served (JSON and ETag), from the process's
 * run-view cache, which the bus keeps true; another workspace's run is not found.
 */
export async function getServedRun(deps: ApiDeps, caller: Caller, runId: string): Promise<CachedRunView> {
  const run = await deps.runViews.load(runId, caller.workspaceId);
  if (!run) throw notFound('Run');
  return run;
}

/** The caller's run with its outputs (MCP, tRPC). */
export async function getRun(deps: ApiDeps, caller: Caller, runId: string): Promise<RunView> {
  return (await getServedRun(deps, caller, runId)).view;
}
