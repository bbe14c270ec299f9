import type { Caller } from '../../core/app/app-access';
import { notFound } from '../../core/errors';
import { findRun } from '../../adapters/db/runs';
import type { RunRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';

/** The caller's run. Another workspace's run is not found, never forbidden: its existence is not revealed. */
export async function findOwnRun(deps: ApiDeps, caller: Caller, runId: string): Promise<RunRow> {
  const run = await findRun(deps.db, runId, caller.workspaceId);
  if (!run) throw notFound('Run');
  return run;
}
