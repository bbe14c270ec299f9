import Router from '@koa/router';
import { presentAsset } from '../../core/run/present-asset';
import { listAssets } from '../commands/list-assets';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { AssetsQuery } from './schema';

export function assetsRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.get('/assets', async (ctx) => {
    const query = parseWith(AssetsQuery, ctx.query);
    const pagination = { limit: query.limit, offset: query.offset };
    const { rows, total } = await listAssets(deps, ctx.state.caller, query);
    ctx.body = { data: rows.map(presentAsset), pagination: { total, ...pagination } };
  });
  return router;
}
