import type { Kysely } from 'kysely';
import type { NodeOutput } from '../../core/run/run-types';
import type { Database } from './schema';

/** A node's newest completed output from a revision before `beforeRevision` (what a refinement replaces). */
export async function previousNodeOutput(
  db: Kysely<Database>,
  node: { runId: string; nodeId: string; beforeRevision: number },
): Promise<NodeOutput | null> {
  const row = await db
    .selectFrom('run_nodes')
    .select('output')
    .where('run_id', '=', node.runId)
    .where('node_id', '=', node.nodeId)
    .where('status', '=', 'completed')
    .where('revision', '<', node.beforeRevision)
    .where('output', 'is not', null)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (row?.output as NodeOutput | undefined) ?? null;
}
