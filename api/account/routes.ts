import Router from '@koa/router';
import { creditBalance } from '../../adapters/db/credits';
import { publicUrl } from '../../core/config';
import { RATE_LIMIT_WINDOW_MS } from '../../core/limits';
import type { ApiDeps } from '../deps';

export function accountRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.get('/account/usage', async (ctx) => {
    ctx.body = {
      data: {
        credits: await creditBalance(deps.db, ctx.state.caller.workspaceId),
        rateLimit: { limit: deps.config.RATE_LIMIT_PER_MINUTE, windowMs: RATE_LIMIT_WINDOW_MS },
        manageUrl: deps.config.CREDITS_MANAGE_URL ?? `${publicUrl(deps.config)}/v1/account/usage`,
      },
    };
  });
  return router;
}
