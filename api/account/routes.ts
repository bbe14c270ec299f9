import Router from '@koa/router';
import { accountUsage } from '../commands/account-usage';
import { getAccount } from '../commands/get-account';
import type { ApiDeps } from '../deps';

export function accountRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.get('/account', async (ctx) => {
    ctx.body = { data: await getAccount(deps, ctx.state.caller) };
  });
  router.get('/account/usage', async (ctx) => {
    ctx.body = { data: await accountUsage(deps, ctx.state.caller) };
  });
  return router;
}
