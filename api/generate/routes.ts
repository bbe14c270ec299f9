import Router from '@koa/router';
import { assertWebhookUrl } from '../../core/run/webhook-url';
import { generateImage } from '../commands/generate-image';
import type { ApiDeps } from '../deps';
import type { IdempotencyState } from '../middleware/idempotency';
import { parseWith } from '../validate';
import { GenerateImageBody } from './schema';

/** POST /v1/generate/image: a one-node run of the built-in image app, answered 202 with the Run (source `generate`). */
export function generateRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.post('/generate/image', async (ctx) => {
    const body = parseWith(GenerateImageBody, ctx.request.body);
    const webhookUrl = assertWebhookUrl(body.webhookUrl ?? undefined, ['https:']);
    const sandbox = body.test === true || ctx.get('x-atelier-test').toLowerCase() === 'true';
    const newRunId = (ctx.state.idempotency as IdempotencyState | undefined)?.runId;
    const run = await generateImage(deps, ctx.state.caller, { ...body, webhookUrl, sandbox, newRunId });
    ctx.status = sandbox ? 200 : 202;
    ctx.body = { data: run };
  });
  return router;
}
