import type { Kysely } from 'kysely';
import type { Plan } from '../../core/graph/plan';
import type { NodeOutput } from '../../core/run/run-types';
import type { Database, RunRow } from './schema';

/** Each node's newest completed output over all revisions: what a refinement reuses. */
export async function latestCompletedOutputs(
  db: Kysely<Database>,
  runId: string,
): Promise<Record<string, NodeOutput>> {
  const rows = await db
    .selectFrom('run_nodes')
    .select(['node_id', 'output'])
    .where('run_id', '=', runId)
    .where('status', '=', 'completed')
    .where('output', 'is not', null)
    .orderBy('revision', 'desc')
    .execute();
  const outputs: Record<string, NodeOutput> = {};
  for (const row of rows) if (!(row.node_id in outputs)) outputs[row.node_id] = row.output as NodeOutput;
  return outputs;
}

/**
 * Moves a completed run (or, to revise a rejection, a failed one) to its next revision (queued, same
 * id) and stores the plan with the rewritten prompts, so a later refinement rewrites these prompts
 * rather than the originals. False when the run is no longer `from` at `revision - 1` (another
 * refinement won). One statement, so it can be part of the admission transaction.
 */
export async function beginRefinement(
  db: Kysely<Database>,
  runId: string,
  revision: number,
  plan: Plan,
  from: 'completed' | 'failed' = 'completed',
): Promise<boolean> {
  const result = await db
    .updateTable('runs')
    .set({
      revision,
      status: 'queued',
      plan: JSON.stringify(plan),
      completed_at: null,
      error_message: null,
      updated_at: new Date(),
    })
    .where('id', '=', runId)
    .where('status', '=', from)
    .where('revision', '=', revision - 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Undoes beginRefinement when the workflow could not be started: the run is as it was. */
export async function revertRefinement(db: Kysely<Database>, previous: RunRow): Promise<void> {
  await db
    .updateTable('runs')
    .set({
      revision: previous.revision,
      status: previous.status,
      plan: JSON.stringify(previous.plan),
      completed_at: previous.completed_at,
      error_message: previous.error_message,
      updated_at: new Date(),
    })
    .where('id', '=', previous.id)
    .where('revision', '=', previous.revision + 1)
    .where('status', '=', 'queued')
    .execute();
}
