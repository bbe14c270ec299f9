import type { Kysely } from 'kysely';
import { presentRun, type RunView } from '../../core/run/present-run';
import { findRunRevisions } from './run-revisions';
import { findRun, findRunNodes } from './runs';
import type { Database } from './schema';

/** The Run of `GET /v1/runs/{runId}`, read from its row and node states; null when there is none (in the workspace). */
export async function loadRunView(
  db: Kysely<Database>,
  runId: string,
  workspaceId?: string,
): Promise<RunView | null> {
  const run = await findRun(db, runId, workspaceId);
  if (!run) return null;
  const [nodes, revisions] = await Promise.all([findRunNodes(db, runId), findRunRevisions(db, runId)]);
  return presentRun(run, nodes, revisions);
}
