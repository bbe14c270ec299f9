import Router from '@koa/router';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { transferAsset } from './transfer-asset';

const TransferBody = z.object({
  sourceUrl: z.string().min(1).max(4000),
  mediaType: z.enum(['image', 'video', 'audio']),
  filename: z.string().max(255).optional(),
});

export function publishingRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.post('/publishing/transfer-asset', async (ctx) => {
    const body = parseWith(TransferBody, ctx.request.body);
    const { url } = await transferAsset(deps, ctx.state.caller, body);
    ctx.body = { data: { url } };
  });
  return router;
}
