import Router from '@koa/router';
import type { Caller } from '../../core/app/app-access';
import { presentAppDetail, presentAppSummary, presentAppWorkflow } from '../../core/app/present-app';
import { changeAppVisibility } from '../commands/change-app-visibility';
import { estimateRun } from '../commands/estimate-run';
import { listApps } from '../commands/list-apps';
import { loadUsableApp } from '../commands/load-app';
import type { ApiDeps } from '../deps';
import { parseWith, uuidParam } from '../validate';
import { EstimateBody, ListQuery, VisibilityBody } from './schema';

export function appsRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.get('/apps', async (ctx) => {
    const query = parseWith(ListQuery, ctx.query);
    const apps = await listApps(deps, ctx.state.caller, { search: query.search, publicLimit: query.limit });
    ctx.body = { data: apps.map(presentAppSummary) };
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
    const app = await changeAppVisibility(deps, caller, uuidParam(ctx.params.appId, 'App'), visibility);
    ctx.body = { data: { appId: app.row.id, visibility, name: app.row.name } };
  });

  return router;
}

/** POST /v1/apps/{appId}/estimate: the expected credits of a run against the balance. */
export function estimateRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.post('/apps/:appId/estimate', async (ctx) => {
    const app = await loadUsableApp(deps.db, uuidParam(ctx.params.appId, 'App'), ctx.state.caller);
    const body = parseWith(EstimateBody, ctx.request.body);
    ctx.body = { data: await estimateRun(deps, ctx.state.caller, app, body.outputs) };
  });
  return router;
}
