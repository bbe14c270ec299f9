import type { Selectable } from 'kysely';
import type { WebhookDeliveriesTable } from '../../adapters/db/schema';
import type { WebhookDelivery } from '../../core/responses/webhooks';

export const presentDelivery = (r: Selectable<WebhookDeliveriesTable>): WebhookDelivery => ({
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
  gaveUp: r.gave_up,
  redelivery: r.redelivery,
  createdAt: new Date(r.created_at).toISOString(),
});
