import Router from '@koa/router';
import { addKitElement } from '../commands/add-kit-element';
import { listKitElements } from '../commands/list-kit-elements';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { presentKitElement } from './presenter';
import { KitElementBody, KitQuery } from './schema';

/** GET|POST /brand/kit: voices, avatars, characters and motion graphics of a brand profile, versioned by name. */
export function brandKitRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.get('/brand/kit', async (ctx) => {
    const query = parseWith(KitQuery, ctx.query);
    const elements = await listKitElements(deps, ctx.state.caller, query.brandProfileId, {
      includeInactive: query.includeInactive === 'true',
    });
    ctx.body = { data: elements.map(presentKitElement) };
  });

  router.post('/brand/kit', async (ctx) => {
    const body = parseWith(KitElementBody, ctx.request.body);
    const element = await addKitElement(deps, ctx.state.caller, body.brandProfileId, {
      elementType: body.element_type,
      name: body.name,
      refKind: body.ref_kind,
      refId: body.ref_id,
      spec: body.spec,
    });
    ctx.status = 201;
    ctx.body = { data: presentKitElement(element) };
  });

  return router;
}
