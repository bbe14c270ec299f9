import type { Selectable } from 'kysely';
import type { WebhookDeliveriesTable } from '../../adapters/db/schema';

export const presentDelivery = (r: Selectable<WebhookDeliveriesTable>) => ({
  id: r.id,
  runId: r.run_id,
  revision: r.revision,
  url: r.url,
  event: r.event,
  messageId: r.message_id,
  attempt: r.attempt,
  statusCode: r.status_code,
  latencyMs: r.latency_ms,
  error: r.error,
  createdAt: new Date(r.created_at).toISOString(),
});
