import Router from '@koa/router';
import type { Caller } from '../../core/app/app-access';
import { generateBriefs } from '../../core/content/generate-briefs';
import { invalidField } from '../../core/errors';
import { brandContextOf, recentTrends, topPatterns } from '../../adapters/db/brand';
import type { ApiDeps } from '../deps';
import { resolveProfile } from '../brand/routes';
import { semanticScorer, type SemanticScorer } from '../discover/semantic';
import { parseWith } from '../validate';
import { createContent } from './create-content';
import { BriefBody, CreateContentBody } from './schema';

const TREND_WINDOW_DAYS = 30;

export function contentRouter(
  deps: ApiDeps,
  semantic: SemanticScorer = semanticScorer(deps.config, deps.logger),
): Router {
  const router = new Router();

  router.post('/content/create', async (ctx) => {
    const body = parseWith(CreateContentBody, ctx.request.body);
    const sandbox = body.test === true || ctx.get('x-atelier-test').toLowerCase() === 'true';
    const outcome = await createContent(deps, ctx.state.caller, body, { sandbox, semantic });
    ctx.status = outcome.status;
    ctx.body = { data: outcome.data };
  });

  router.post('/content/brief', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (typeof raw.goal !== 'string' || raw.goal.trim() === '')
      throw invalidField('goal', 'required', 'goal is required as a string');
    const body = parseWith(BriefBody, raw);
    const profile = await resolveProfile(deps, caller, body.brandProfileId);
    const platform = body.platform?.toLowerCase() ?? undefined;
    const [trends, patterns] = await Promise.all([
      recentTrends(deps.db, caller.workspaceId, { platform, windowDays: TREND_WINDOW_DAYS, limit: 5 }),
      topPatterns(deps.db, caller.workspaceId, {
        profileId: profile?.id,
        platform,
        modality: body.modality ?? undefined,
        limit: 5,
      }),
    ]);
    const briefs = generateBriefs({
      ...body,
      brand: profile ? brandContextOf(profile) : null,
      trends,
      patterns,
    });
    ctx.body = { data: { briefs } };
  });

  return router;
}
