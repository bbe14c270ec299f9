import Router from '@koa/router';
import { addBrandObjective } from '../commands/add-brand-objective';
import { getBrandContext } from '../commands/get-brand-context';
import { getBrandPart } from '../commands/get-brand-part';
import { listBrandObjectives } from '../commands/list-brand-objectives';
import { listTopPatterns } from '../commands/list-top-patterns';
import { updateBrandPart } from '../commands/update-brand-part';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { presentBrandContext, presentObjective } from './presenter';
import type { BrandPart } from '../../adapters/db/brand';
import { BrandContextQuery, NewBrandObjective, PARTS, PatternsQuery } from './schema';

const profileIdOf = (ctx: { query: Record<string, unknown>; request: { body?: unknown } }) =>
  ctx.query.brandProfileId ?? (ctx.request.body as { brandProfileId?: unknown } | undefined)?.brandProfileId;

/** A record body may carry `brandProfileId` beside the record's own fields. */
function withoutProfileId(body: unknown): Record<string, unknown> {
  const record = { ...((body ?? {}) as Record<string, unknown>) };
  delete record.brandProfileId;
  return record;
}

/**
 * Brand context: GET|PUT /brand/{dna,identity,strategy,guidance}, GET|POST /brand/objectives,
 * GET /brand/patterns/top. `brandProfileId` (query or body) picks a profile; omitted = the active one.
 * A PUT without a profile on a workspace that has none creates its active profile.
 */
export function brandRouter(deps: ApiDeps): Router {
  const router = new Router();

  for (const part of Object.keys(PARTS) as BrandPart[]) {
    router.get(`/brand/${part}`, async (ctx) => {
      const { value, profileId } = await getBrandPart(deps, ctx.state.caller, profileIdOf(ctx), part);
      ctx.body = { data: value, brandProfileId: profileId };
    });
    router.put(`/brand/${part}`, async (ctx) => {
      const value = parseWith(PARTS[part], withoutProfileId(ctx.request.body));
      const profileId = await updateBrandPart(deps, ctx.state.caller, profileIdOf(ctx), part, value);
      ctx.body = { data: value, brandProfileId: profileId };
    });
  }

  router.get('/brand/objectives', async (ctx) => {
    const objectives = await listBrandObjectives(deps, ctx.state.caller, profileIdOf(ctx));
    ctx.body = { data: objectives.map(presentObjective) };
  });

  router.post('/brand/objectives', async (ctx) => {
    const objective = parseWith(NewBrandObjective, withoutProfileId(ctx.request.body));
    const row = await addBrandObjective(deps, ctx.state.caller, profileIdOf(ctx), objective);
    ctx.status = 201;
    ctx.body = { data: presentObjective(row) };
  });

  router.get('/brand/patterns/top', async (ctx) => {
    const query = parseWith(PatternsQuery, ctx.query);
    ctx.body = { data: await listTopPatterns(deps, ctx.state.caller, profileIdOf(ctx), query) };
  });

  router.get('/intelligence/brand-context', async (ctx) => {
    const query = parseWith(BrandContextQuery, ctx.query);
    ctx.body = { data: presentBrandContext(await getBrandContext(deps, ctx.state.caller, query)) };
  });

  return router;
}
