import Router from '@koa/router';
import { z } from 'zod';
import type { Caller } from '../../core/app/app-access';
import {
  BrandDna,
  BrandIdentity,
  BrandStrategy,
  GuidancePackage,
  NewBrandObjective,
} from '../../core/brand/brand-context';
import { notFound } from '../../core/errors';
import { isUuid } from '../../core/ids';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../core/limits';
import {
  activeOrNewProfile,
  brandContextOf,
  findBrandProfile,
  insertObjective,
  listObjectives,
  setBrandPart,
  topPatterns,
  type BrandPart,
} from '../../adapters/db/brand';
import type { BrandObjectiveRow, BrandProfileRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';

export const PARTS: Record<Exclude<BrandPart, 'guidance'> | 'guidance', z.ZodType> = {
  dna: BrandDna,
  identity: BrandIdentity,
  strategy: BrandStrategy,
  guidance: GuidancePackage,
};
export const PatternsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  platform: z.string().max(40).optional(),
  modality: z.string().max(20).optional(),
});

/** The named brand profile (404 if it is not the workspace's), else the active one, else none. */
export async function resolveProfile(
  deps: ApiDeps,
  caller: Caller,
  profileId: unknown,
): Promise<BrandProfileRow | undefined> {
  if (profileId === undefined || profileId === null || profileId === '')
    return findBrandProfile(deps.db, caller.workspaceId);
  if (!isUuid(profileId)) throw notFound('Brand profile');
  const row = await findBrandProfile(deps.db, caller.workspaceId, profileId);
  if (!row) throw notFound('Brand profile');
  return row;
}

const profileIdOf = (ctx: { query: Record<string, unknown>; request: { body?: unknown } }) =>
  ctx.query.brandProfileId ?? (ctx.request.body as { brandProfileId?: unknown } | undefined)?.brandProfileId;

/** A record body may carry `brandProfileId` beside the record's own fields. */
function withoutProfileId(body: unknown): Record<string, unknown> {
  const record = { ...((body ?? {}) as Record<string, unknown>) };
  delete record.brandProfileId;
  return record;
}

const presentObjective = (o: BrandObjectiveRow) => ({
  id: o.id,
  type: o.type,
  statement: o.statement,
  successMeasure: o.success_measure,
  priority: o.priority,
  claimScope: o.claim_scope,
  scopeKey: o.scope_key,
  scopeLabel: o.scope_label,
  startsAt: o.starts_at ? new Date(o.starts_at).toISOString() : null,
  endsAt: o.ends_at ? new Date(o.ends_at).toISOString() : null,
  currentlyApplicable: true,
  revision: o.revision,
});

/**
 * Brand context: GET|PUT /brand/{dna,identity,strategy,guidance}, GET|POST /brand/objectives,
 * GET /brand/patterns/top. `brandProfileId` (query or body) picks a profile; omitted = the active one.
 * A PUT without a profile on a workspace that has none creates its active profile.
 */
export function brandRouter(deps: ApiDeps): Router {
  const router = new Router();

  for (const part of Object.keys(PARTS) as BrandPart[]) {
    router.get(`/brand/${part}`, async (ctx) => {
      const row = await resolveProfile(deps, ctx.state.caller, profileIdOf(ctx));
      ctx.body = { data: row ? brandContextOf(row)[part] : null, brandProfileId: row?.id ?? null };
    });
    router.put(`/brand/${part}`, async (ctx) => {
      const caller: Caller = ctx.state.caller;
      const value = parseWith(PARTS[part], withoutProfileId(ctx.request.body));
      const row =
        (await resolveProfile(deps, caller, profileIdOf(ctx))) ??
        (await activeOrNewProfile(deps.db, caller.workspaceId));
      await setBrandPart(deps.db, row.id, part, value);
      ctx.body = { data: value, brandProfileId: row.id };
    });
  }

  router.get('/brand/objectives', async (ctx) => {
    const row = await resolveProfile(deps, ctx.state.caller, profileIdOf(ctx));
    ctx.body = { data: row ? (await listObjectives(deps.db, row.id)).map(presentObjective) : [] };
  });

  router.post('/brand/objectives', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const objective = parseWith(NewBrandObjective, withoutProfileId(ctx.request.body));
    const row =
      (await resolveProfile(deps, caller, profileIdOf(ctx))) ??
      (await activeOrNewProfile(deps.db, caller.workspaceId));
    ctx.status = 201;
    ctx.body = {
      data: presentObjective(await insertObjective(deps.db, caller.workspaceId, row.id, objective)),
    };
  });

  router.get('/brand/patterns/top', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const query = parseWith(PatternsQuery, ctx.query);
    const row = await resolveProfile(deps, caller, profileIdOf(ctx));
    ctx.body = { data: await topPatterns(deps.db, caller.workspaceId, { profileId: row?.id, ...query }) };
  });

  return router;
}
