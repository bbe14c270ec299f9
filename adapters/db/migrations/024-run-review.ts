import { sql, type Kysely } from 'kysely';

/*
 * Reviews and history of runs (issue 24): the decision on a human.approval node and the score of a
 * quality.check node beside the node's state, and one row per revision of a run (how it began: the start,
 * feedback or a rejection to revise; what the refinement said; when it ran and how it ended).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE run_nodes ADD COLUMN review jsonb, ADD COLUMN quality jsonb').execute(db);
  await sql
    .raw(
      `CREATE TABLE run_revisions (
        run_id uuid NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        revision integer NOT NULL,
        kind text NOT NULL DEFAULT 'start',
        feedback text,
        summary text,
        refined_nodes jsonb,
        status text,
        error_message text,
        started_at timestamptz,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (run_id, revision)
      )`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE run_revisions').execute(db);
  await sql.raw('ALTER TABLE run_nodes DROP COLUMN review, DROP COLUMN quality').execute(db);
}
