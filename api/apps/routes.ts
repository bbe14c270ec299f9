import Router from '@koa/router';
import { z } from 'zod';
import { appAccess, canChangeVisibility, VISIBILITIES, type Caller } from '../../core/app/app-access';
import { forbidden } from '../../core/errors';
import { listVisibleApps, setAppVisibility } from '../../adapters/db/apps';
import type { ApiDeps } from '../deps';
import { parseWith, uuidParam } from '../validate';
import { compileRow, loadUsableApp, ownership } from './app-store';
import { presentAppDetail, presentAppSummary, presentAppWorkflow } from './presenter';

export const ListQuery = z.object({
  search: z.string().max(200).optional(),
  // `?limit=` is no limit: coerced as it is, the empty string would become 0 and hide every public app.
  limit: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1000).optional()),
});
export const VisibilityBody = z.object({ visibility: z.enum(VISIBILITIES as [string, ...string[]]) });

export function appsRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.get('/apps', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const query = parseWith(ListQuery, ctx.query);
    const rows = await listVisibleApps(deps.db, caller.workspaceId, {
      search: query.search,
      publicLimit: query.limit,
    });
    const own = rows.own.filter((row) => appAccess(ownership(row), caller) === 'use');
    ctx.body = { data: [...own, ...rows.public].map((row) => presentAppSummary(compileRow(row))) };
  });

  router.get('/apps/:appId', async (ctx) => {
    const app = await loadUsableApp(deps.db, uuidParam(ctx.params.appId, 'App'), ctx.state.caller);
    ctx.body = { data: presentAppDetail(app) };
  });

  router.get('/apps/:appId/workflow', async (ctx) => {
    const app = await loadUsableApp(deps.db, uuidParam(ctx.params.appId, 'App'), ctx.state.caller);
    ctx.body = { data: presentAppWorkflow(app) };
  });

  router.post('/apps/:appId/visibility', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const { visibility } = parseWith(VisibilityBody, ctx.request.body);
    const app = await loadUsableApp(deps.db, uuidParam(ctx.params.appId, 'App'), caller);
    if (!canChangeVisibility(ownership(app.row), caller))
      throw forbidden('Only the app creator or a workspace owner may change visibility');
    await setAppVisibility(deps.db, app.row.id, visibility as 'private' | 'shared' | 'public');
    ctx.body = { data: { appId: app.row.id, visibility, name: app.row.name } };
  });

  return router;
}
