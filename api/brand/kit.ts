import Router from '@koa/router';
import { z } from 'zod';
import { activeOrNewProfile } from '../../adapters/db/brand';
import { addKitElement, listKitElements } from '../../adapters/db/brand-kit';
import type { Selectable } from 'kysely';
import type { BrandKitElementsTable } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { resolveProfile } from './routes';

export const KitElementBody = z.object({
  brandProfileId: z.string().nullable().optional(),
  element_type: z.enum(['voice', 'avatar', 'character', 'motion_graphic']),
  name: z.string().trim().min(1).max(120),
  ref_kind: z.enum(['cloned_voice', 'persona', 'asset']).nullable().default(null),
  ref_id: z.string().max(200).nullable().default(null),
  spec: z.record(z.string(), z.unknown()).default({}),
});
export const KitQuery = z.object({
  brandProfileId: z.string().optional(),
  includeInactive: z.enum(['true', 'false']).default('false'),
});

const present = (e: Selectable<BrandKitElementsTable>) => ({
  id: e.id,
  element_type: e.element_type,
  name: e.name,
  ref_kind: e.ref_kind,
  ref_id: e.ref_id,
  spec: e.spec,
  version: e.version,
  is_active: e.is_active,
});

/** GET|POST /brand/kit: voices, avatars, characters and motion graphics of a brand profile, versioned by name. */
export function brandKitRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.get('/brand/kit', async (ctx) => {
    const query = parseWith(KitQuery, ctx.query);
    const profile = await resolveProfile(deps, ctx.state.caller, query.brandProfileId);
    ctx.body = {
      data: profile
        ? (
            await listKitElements(deps.db, profile.id, { includeInactive: query.includeInactive === 'true' })
          ).map(present)
        : [],
    };
  });

  router.post('/brand/kit', async (ctx) => {
    const body = parseWith(KitElementBody, ctx.request.body);
    const profile =
      (await resolveProfile(deps, ctx.state.caller, body.brandProfileId)) ??
      (await activeOrNewProfile(deps.db, ctx.state.caller.workspaceId));
    const element = await addKitElement(deps.db, ctx.state.caller.workspaceId, profile.id, {
      elementType: body.element_type,
      name: body.name,
      refKind: body.ref_kind,
      refId: body.ref_id,
      spec: body.spec,
    });
    ctx.status = 201;
    ctx.body = { data: present(element) };
  });

  return router;
}
