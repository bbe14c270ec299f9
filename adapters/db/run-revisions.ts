import { sql, type Kysely } from 'kysely';
import type { Database, RevisionKind, RunStatus } from './schema';

/**
 * A revision's run state, beside the run's own (recordRunState): when it started and ended, how. A
 * cancelled revision stays cancelled, as the run does.
 */
export async function recordRevisionState(
  db: Kysely<Database>,
  update: { runId: string; revision: number; status: RunStatus; errorMessage: string | null },
  now: Date,
): Promise<void> {
  const running = update.status === 'running';
  await db
    .insertInto('run_revisions')
    .values({
      run_id: update.runId,
      revision: update.revision,
      status: update.status,
      error_message: update.errorMessage,
      started_at: running ? now : null,
      completed_at: running ? null : now,
    })
    .onConflict((oc) =>
      oc
        .columns(['run_id', 'revision'])
        .doUpdateSet({
          status: update.status,
          error_message: update.errorMessage,
          started_at: sql<Date>`coalesce(run_revisions.started_at, ${running ? now : null})`,
          completed_at: running ? null : sql<Date>`coalesce(run_revisions.completed_at, ${now})`,
        })
        .where((eb) =>
          update.status === 'cancelled'
            ? eb.lit(true)
            : eb.or([eb('run_revisions.status', 'is', null), eb('run_revisions.status', '!=', 'cancelled')]),
        ),
    )
    .execute();
}

/** How a refinement revision began: its feedback (or the rejection comment it revises with). */
export async function beginRevision(
  db: Kysely<Database>,
  revision: { runId: string; revision: number; kind: RevisionKind; feedback: string },
): Promise<void> {
  await db
    .insertInto('run_revisions')
    .values({
      run_id: revision.runId,
      revision: revision.revision,
      kind: revision.kind,
      feedback: revision.feedback,
      status: 'queued',
    })
    .onConflict((oc) =>
      oc.columns(['run_id', 'revision']).doUpdateSet({ kind: revision.kind, feedback: revision.feedback }),
    )
    .execute();
}

/** Forgets a revision that was never started (its admission was undone). */
export async function dropRevision(db: Kysely<Database>, runId: string, revision: number): Promise<void> {
  await db.deleteFrom('run_revisions').where('run_id', '=', runId).where('revision', '=', revision).execute();
}

/** What the refinement's answer said of its revision, kept so a reload shows it. */
export async function recordRevisionAnswer(
  db: Kysely<Database>,
  answer: {
    runId: string;
    revision: number;
    summary: string;
    refinedNodes: { nodeId: string; reason: string }[];
  },
): Promise<void> {
  await db
    .updateTable('run_revisions')
    .set({ summary: answer.summary, refined_nodes: JSON.stringify(answer.refinedNodes) })
    .where('run_id', '=', answer.runId)
    .where('revision', '=', answer.revision)
    .execute();
}

/** A run's revisions, oldest first. */
export async function findRunRevisions(db: Kysely<Database>, runId: string) {
  return db.selectFrom('run_revisions').selectAll().where('run_id', '=', runId).orderBy('revision').execute();
}
