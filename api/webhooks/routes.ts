import Router from '@koa/router';
import { z } from 'zod';
import { toJwks, verifyWebhook } from '../../adapters/webhooks/signing';
import { notFound } from '../../core/errors';
import { findRun } from '../../adapters/db/runs';
import type { ApiDeps } from '../deps';
import { parseWith, uuidParam } from '../validate';

export const VerifyBody = z.object({
  body: z.string(),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});
export const DeliveriesQuery = z.object({ runId: z.string() });

export function webhooksRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.get('/webhooks/signing-key', async (ctx) => {
    ctx.body = toJwks([await deps.signingKey()]);
  });

  router.post('/webhooks/verify', async (ctx) => {
    const input = parseWith(VerifyBody, ctx.request.body);
    const result = verifyWebhook({
      body: input.body,
      headers: input.headers,
      keys: [await deps.signingKey()],
    });
    ctx.body = { data: result.valid ? { valid: true } : { valid: false, error: result.error } };
  });

  router.get('/webhooks/deliveries', async (ctx) => {
    const { runId } = parseWith(DeliveriesQuery, ctx.query);
    const run = await findRun(deps.db, uuidParam(runId, 'Run'), ctx.state.caller.workspaceId);
    if (!run) throw notFound('Run');
    const rows = await deps.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('run_id', '=', run.id)
      .orderBy('created_at')
      .orderBy('attempt')
      .execute();
    ctx.body = {
      data: rows.map((r) => ({
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
      })),
    };
  });

  return router;
}
