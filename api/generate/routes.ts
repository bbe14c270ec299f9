import Router from '@koa/router';
import { z } from 'zod';
import type { Caller } from '../../core/app/app-access';
import { GENERATE_IMAGE_APP_ID, GENERATE_IMAGE_DEFAULT_RATIO } from '../../core/content/generate-image';
import { ASPECT_RATIO_VALUES } from '../../core/graph/node-types';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { loadUsableApp } from '../apps/app-store';
import { assertWebhookUrl, startRun } from '../runs/start-run';

export const GenerateImageBody = z.object({
  prompt: z.string().trim().min(1, 'prompt is required').max(4000),
  /** `auto` leaves the choice to the service: square. */
  aspectRatio: z
    .enum([...ASPECT_RATIO_VALUES, 'auto'])
    .nullable()
    .optional(),
  /** Accepted for compatibility; brand context is folded in once brand profiles exist. */
  brandProfileId: z.string().max(100).nullable().optional(),
  webhookUrl: z.string().max(2000).nullable().optional(),
  test: z.boolean().optional(),
});

/** POST /v1/generate/image: a one-node run of the built-in image app, answered 202 with the Run (source `generate`). */
export function generateRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.post('/generate/image', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const body = parseWith(GenerateImageBody, ctx.request.body);
    const webhookUrl = assertWebhookUrl(body.webhookUrl ?? undefined, ['https:']);
    const sandbox = body.test === true || ctx.get('x-atelier-test').toLowerCase() === 'true';
    const app = await loadUsableApp(deps.db, GENERATE_IMAGE_APP_ID, caller);
    const aspectRatio =
      !body.aspectRatio || body.aspectRatio === 'auto' ? GENERATE_IMAGE_DEFAULT_RATIO : body.aspectRatio;
    const inputs = { prompt: body.prompt, aspect_ratio: aspectRatio };
    const run = await startRun(deps, caller, app, {
      inputs,
      inputOverrides: {},
      webhookUrl,
      sandbox,
      source: 'generate',
    });
    ctx.status = sandbox ? 200 : 202;
    ctx.body = { data: run };
  });
  return router;
}
