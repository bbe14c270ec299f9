import Router from '@koa/router';
import { z } from 'zod';
import { rankApps } from '../../core/discovery/rank-apps';
import { DISCOVER_LIMIT_DEFAULT, DISCOVER_LIMIT_MAX } from '../../core/limits';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { usableApps } from './candidates';
import { semanticScorer, type SemanticScorer } from './semantic';

export const DiscoverBody = z.object({
  intent: z.string().trim().min(1, 'intent is required').max(2000),
  constraints: z
    .object({
      maxCredits: z.number().min(0).optional(),
      outputFormat: z.string().trim().min(1).max(80).optional(),
    })
    .optional(),
  limit: z.number().int().min(1).max(DISCOVER_LIMIT_MAX).default(DISCOVER_LIMIT_DEFAULT),
});

/** POST /v1/apps/discover: apps ranked for a natural-language intent, with the reasons for each. */
export function discoverRouter(
  deps: ApiDeps,
  semantic: SemanticScorer = semanticScorer(deps.config, deps.logger),
): Router {
  const router = new Router();
  router.post('/apps/discover', async (ctx) => {
    const body = parseWith(DiscoverBody, ctx.request.body);
    const apps = await usableApps(deps, ctx.state.caller);
    const candidates = apps.map((a) => a.candidate);
    const result = rankApps(body.intent, candidates, {
      constraints: body.constraints,
      limit: body.limit,
      semantic: await semantic(body.intent, candidates),
    });
    ctx.body = { data: result };
  });
  return router;
}
