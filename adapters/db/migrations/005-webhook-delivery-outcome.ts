import { sql, type Kysely } from 'kysely';

/**
 * A delivery's end is on its last attempt: `gave_up` when no further attempt will be made (issue 12 item 11);
 * `redelivery` marks an attempt a caller asked for with POST /v1/webhooks/deliveries/{id}/redeliver.
 */
const STATEMENTS = [
  `ALTER TABLE webhook_deliveries ADD COLUMN gave_up boolean NOT NULL DEFAULT false`,
  `ALTER TABLE webhook_deliveries ADD COLUMN redelivery boolean NOT NULL DEFAULT false`,
  `CREATE INDEX webhook_deliveries_message_idx ON webhook_deliveries (message_id, attempt)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX webhook_deliveries_message_idx').execute(db);
  await sql.raw('ALTER TABLE webhook_deliveries DROP COLUMN gave_up, DROP COLUMN redelivery').execute(db);
}
