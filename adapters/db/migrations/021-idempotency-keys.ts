import { sql, type Kysely } from 'kysely';

/*
 * Idempotency keys of the POSTs that start work (issue 25 item 5): one row per workspace and key, the
 * request it was first used with (a hash), and the answer once there is one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE idempotency_keys (
        workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        key text NOT NULL,
        request_hash text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        status_code integer,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, key)
      )`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE idempotency_keys').execute(db);
}
