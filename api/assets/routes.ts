import Router from '@koa/router';
import { presentAsset } from '../../core/run/present-asset';
import { createUploadUrls } from '../commands/create-upload-urls';
import { listAssets } from '../commands/list-assets';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { AssetsQuery, UploadUrlsBody } from './schema';

export function assetsRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.get('/assets', async (ctx) => {
    const query = parseWith(AssetsQuery, ctx.query);
    const pagination = { limit: query.limit, offset: query.offset };
    const { rows, total } = await listAssets(deps, ctx.state.caller, query);
    ctx.body = { data: rows.map(presentAsset), pagination: { total, ...pagination } };
  });
  router.post('/assets/upload-urls', async (ctx) => {
    const body = parseWith(UploadUrlsBody, ctx.request.body);
    ctx.body = { data: await createUploadUrls(deps, ctx.state.caller, body) };
  });
  return router;
}
