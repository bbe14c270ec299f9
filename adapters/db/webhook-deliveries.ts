import type { Kysely } from 'kysely';
import { newId } from '../../core/ids';
import type { Database } from './schema';

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
}

/** Records one delivery attempt, whatever its outcome. */
export async function recordDeliveryAttempt(db: Kysely<Database>, attempt: DeliveryAttempt): Promise<void> {
  await db
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
    })
    .execute();
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
