import type { Caller } from '../../core/app/app-access';
import { notFound } from '../../core/errors';
import { findDeliveryAttempt } from '../../adapters/db/webhook-deliveries';
import { deliverWebhookOnce } from '../../adapters/webhooks/deliver';
import type { ApiDeps } from '../deps';

/**
 * POST /v1/webhooks/deliveries/{id}/redeliver: the delivery that attempt belongs to, once more, now.
 * Signed afresh under the delivery's message id, sent through the same policy as scheduled attempts
 * (no redirects, private addresses refused), recorded as the delivery's next attempt and returned.
 * Another workspace's attempt is not found.
 */
export async function redeliverWebhook(deps: ApiDeps, caller: Caller, deliveryId: string) {
  const delivery = await findDeliveryAttempt(deps.db, deliveryId, caller.workspaceId);
  if (!delivery) throw notFound('Delivery');
  const { row } = await deliverWebhookOnce(
    {
      db: deps.db,
      signingKey: deps.signingKey,
      allowHosts: deps.config.SAFE_FETCH_ALLOW_HOSTS,
      metrics: deps.metrics,
    },
    { runId: delivery.run_id, revision: delivery.revision, url: delivery.url, event: delivery.event },
    { final: true, redelivery: true },
  );
  // The run cannot be gone while its delivery row exists (the rows cascade with it).
  if (!row) throw notFound('Delivery');
  return row;
}
