import Router from '@koa/router';
import { listChannels } from '../commands/list-channels';
import { checkPostContent, publish } from '../commands/publish';
import { publishHistory } from '../commands/publish-history';
import { transferAsset } from '../commands/transfer-asset';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { presentChannel, presentPublication } from './presenter';
import { HistoryQuery, PublishBody, TransferBody } from './schema';

export function publishingRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.post('/publishing/transfer-asset', async (ctx) => {
    const body = parseWith(TransferBody, ctx.request.body);
    const { url } = await transferAsset(deps, ctx.state.caller, body);
    ctx.body = { data: { url } };
  });

  router.get('/publishing/channels', async (ctx) => {
    ctx.body = { data: (await listChannels(deps, ctx.state.caller)).map(presentChannel) };
  });

  router.post('/publishing/publish', async (ctx) => {
    const { accountIds, ...content } = parseWith(PublishBody, ctx.request.body);
    checkPostContent(content);
    const results = await publish(deps, ctx.state.caller, accountIds, content);
    ctx.body = { data: { results } };
  });

  router.get('/publishing/history', async (ctx) => {
    const page = parseWith(HistoryQuery, ctx.query);
    const { rows, total } = await publishHistory(deps, ctx.state.caller, page);
    ctx.body = { data: rows.map(presentPublication), pagination: { total, ...page } };
  });

  return router;
}
