import Router from '@koa/router';
import { discoverApps } from '../commands/discover-apps';
import { semanticScorer, type SemanticScorer } from '../commands/semantic-scorer';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { DiscoverBody } from './schema';

/** POST /v1/apps/discover: apps ranked for a natural-language intent, with the reasons for each. */
export function discoverRouter(
  deps: ApiDeps,
  semantic: SemanticScorer = semanticScorer(deps.config, deps.logger),
): Router {
  const router = new Router();
  router.post('/apps/discover', async (ctx) => {
    const body = parseWith(DiscoverBody, ctx.request.body);
    ctx.body = { data: await discoverApps(deps, ctx.state.caller, body, semantic) };
  });
  return router;
}
