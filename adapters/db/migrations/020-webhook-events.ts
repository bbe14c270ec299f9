import { sql, type Kysely } from 'kysely';

/*
 * The webhook events a run asked for (issue 25 item 6), kept with the run so a refinement's execution
 * sends the same ones. NULL: the default, only the end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE runs ADD COLUMN webhook_events jsonb').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE runs DROP COLUMN webhook_events').execute(db);
}
