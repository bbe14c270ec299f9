import Router from '@koa/router';
import type { Caller } from '../../core/app/app-access';
import { predict } from '../commands/predict';
import { recommend } from '../commands/recommend';
import { workspaceTrends } from '../commands/workspace-trends';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { presentPrediction, presentRecommendation, presentTrend } from './presenter';
import { PredictBody, RecommendationsQuery, TrendsQuery } from './schema';

/**
 * Intelligence over the workspace's own data, offline and deterministic:
 * GET /intelligence/trends, POST /intelligence/predict, GET /intelligence/recommendations.
 */
export function intelligenceRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.get('/intelligence/trends', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const query = parseWith(TrendsQuery, ctx.query);
    const now = new Date();
    const trends = await workspaceTrends(deps.db, caller.workspaceId, query, now);
    ctx.body = {
      data: {
        trends: trends.map(presentTrend),
        windowDays: query.windowDays,
        generatedAt: now.toISOString(),
      },
    };
  });

  router.post('/intelligence/predict', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const body = parseWith(PredictBody, ctx.request.body);
    ctx.body = { data: presentPrediction(await predict(deps, caller, body, new Date())) };
  });

  router.get('/intelligence/recommendations', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const { limit, ...filter } = parseWith(RecommendationsQuery, ctx.query);
    ctx.body = {
      data: (await recommend(deps, caller, filter, limit, new Date())).map(presentRecommendation),
    };
  });

  return router;
}
