import { sql, type Kysely } from 'kysely';

/*
 * Admission of an execution (a new run, or a refinement's next revision) is one transaction: the
 * credits it may cost are reserved, the run row is written and the workflow start is queued. Both rows
 * go when the execution ends (or is withdrawn); see adapters/db/run-admission.ts.
 */
const STATEMENTS = [
  // Credits held for an execution in flight: the balance shown and checked subtracts what is held.
  `CREATE TABLE credit_reservations (
    run_id uuid NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    revision integer NOT NULL,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    credits numeric NOT NULL CHECK (credits >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    checked_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, revision)
  )`,
  `CREATE INDEX credit_reservations_workspace_idx ON credit_reservations (workspace_id)`,
  `CREATE INDEX credit_reservations_checked_idx ON credit_reservations (checked_at)`,
  // A workflow start Temporal has not confirmed yet: the exact input, so the starter can start it later.
  `CREATE TABLE run_starts (
    run_id uuid NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    revision integer NOT NULL,
    input jsonb NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    due_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, revision)
  )`,
  `CREATE INDEX run_starts_due_idx ON run_starts (due_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE run_starts, credit_reservations').execute(db);
}
