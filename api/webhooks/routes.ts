import Router from '@koa/router';
import { listWebhookDeliveries } from '../commands/list-webhook-deliveries';
import { redeliverWebhook } from '../commands/redeliver-webhook';
import { verifyWebhook } from '../commands/verify-webhook';
import { webhookSigningKeys } from '../commands/webhook-signing-keys';
import type { ApiDeps } from '../deps';
import { parseWith, uuidParam } from '../validate';
import { presentDelivery } from './presenter';
import { DeliveriesQuery, VerifyBody } from './schema';

export function webhooksRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.get('/webhooks/signing-key', async (ctx) => {
    ctx.body = await webhookSigningKeys(deps);
  });

  router.post('/webhooks/verify', async (ctx) => {
    const result = await verifyWebhook(deps, parseWith(VerifyBody, ctx.request.body));
    ctx.body = { data: result.valid ? { valid: true } : { valid: false, error: result.error } };
  });

  router.get('/webhooks/deliveries', async (ctx) => {
    const { runId } = parseWith(DeliveriesQuery, ctx.query);
    const deliveries = await listWebhookDeliveries(deps, ctx.state.caller, uuidParam(runId, 'Run'));
    ctx.body = { data: deliveries.map(presentDelivery) };
  });

  router.post('/webhooks/deliveries/:deliveryId/redeliver', async (ctx) => {
    const id = uuidParam(ctx.params.deliveryId, 'Delivery');
    ctx.body = { data: presentDelivery(await redeliverWebhook(deps, ctx.state.caller, id)) };
  });

  return router;
}
