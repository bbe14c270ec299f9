import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../core/ids';
import type { Database, WebhookDeliveriesTable } from './schema';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface DeliveryAttempt {
  workspaceId: string;
  runId: string;
  revision: number;
  url: string;
  event: string;
  messageId: string;
  attempt: number;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** No further attempt will be made. */
  gaveUp: boolean;
  /** Asked for by a caller, not part of the schedule. */
  redelivery: boolean;
}

/** Records one delivery attempt, whatever its outcome. */
export async function recordDeliveryAttempt(
  db: Kysely<Database>,
  attempt: DeliveryAttempt,
): Promise<DeliveryRow> {
  return db
    .insertInto('webhook_deliveries')
    .values({
      id: newId(),
      workspace_id: attempt.workspaceId,
      run_id: attempt.runId,
      revision: attempt.revision,
      url: attempt.url,
      event: attempt.event,
      message_id: attempt.messageId,
      attempt: attempt.attempt,
      status_code: attempt.statusCode,
      latency_ms: attempt.latencyMs,
      error: attempt.error,
      gave_up: attempt.gaveUp,
      redelivery: attempt.redelivery,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every attempt of a run's deliveries, in the order they were made. */
export async function listDeliveryAttempts(db: Kysely<Database>, runId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('run_id', '=', runId)
    .orderBy('created_at')
    .orderBy('attempt')
    .execute();
}

/** One attempt of the workspace's deliveries; another workspace's is not found. */
export async function findDeliveryAttempt(
  db: Kysely<Database>,
  id: string,
  workspaceId: string,
): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** The number the next attempt of a message gets. */
export async function nextAttemptNumber(db: Kysely<Database>, messageId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.max('attempt').as('last'))
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}
