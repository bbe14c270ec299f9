import Router from '@koa/router';
import { invalidField } from '../../core/errors';
import { assertWebhookUrl } from '../../core/run/webhook-url';
import { availableFormat, composeFormats } from '../commands/compose-formats';
import { composeVideo } from '../commands/compose-video';
import type { ApiDeps } from '../deps';
import type { IdempotencyState } from '../middleware/idempotency';
import { parseWith } from '../validate';
import { presentFormats } from './presenter';
import { ComposeBody } from './schema';

export function composeRouter(deps: ApiDeps): Router {
  const router = new Router();
  const priced = composeFormats(deps);
  const formats = priced.map((p) => p.format);

  router.get('/compose/formats', async (ctx) => {
    ctx.body = { data: presentFormats(priced) };
  });

  router.post('/compose/video', async (ctx) => {
    const body = parseWith(ComposeBody, ctx.request.body);
    const format = availableFormat(formats, body.formatId);
    if ((body.script === undefined) === (body.runId === undefined))
      throw invalidField(null, 'script_or_run', 'Give exactly one of script and runId');
    const webhookUrl = assertWebhookUrl(body.webhookUrl, ['https:']);
    const newRunId = (ctx.state.idempotency as IdempotencyState | undefined)?.runId;
    const run = await composeVideo(deps, ctx.state.caller, { ...body, format, webhookUrl, newRunId });
    ctx.status = 202;
    ctx.body = { data: run };
  });

  return router;
}
