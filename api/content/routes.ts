import Router from '@koa/router';
import { invalidField } from '../../core/errors';
import { briefModel, type BriefModel } from '../commands/brief-model';
import { createContent } from '../commands/create-content';
import { planBrief } from '../commands/plan-brief';
import { semanticScorer, type SemanticScorer } from '../commands/semantic-scorer';
import { writeBriefs } from '../commands/write-briefs';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { BriefBody, CreateContentBody } from './schema';

export function contentRouter(
  deps: ApiDeps,
  semantic: SemanticScorer = semanticScorer(deps.config, deps.logger),
  model: BriefModel = briefModel(deps.config, deps.logger),
): Router {
  const router = new Router();

  router.post('/content/create', async (ctx) => {
    const body = parseWith(CreateContentBody, ctx.request.body);
    const sandbox = body.test === true || ctx.get('x-atelier-test').toLowerCase() === 'true';
    const outcome = await createContent(deps, ctx.state.caller, body, { sandbox, semantic, model });
    ctx.status = outcome.status;
    ctx.body = { data: outcome.data };
  });

  router.post('/content/plan', async (ctx) => {
    const body = parseWith(CreateContentBody, ctx.request.body);
    ctx.body = { data: await planBrief(deps, ctx.state.caller, body, { semantic, model }) };
  });

  router.post('/content/brief', async (ctx) => {
    const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (typeof raw.goal !== 'string' || raw.goal.trim() === '')
      throw invalidField('goal', 'required', 'goal is required as a string');
    const body = parseWith(BriefBody, raw);
    ctx.body = { data: { briefs: await writeBriefs(deps, ctx.state.caller, body) } };
  });

  return router;
}
