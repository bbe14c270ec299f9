import Router from '@koa/router';
import type { Context } from 'koa';
import { canEditApp, type Caller } from '../../core/app/app-access';
import { presentAppDefinition, presentAppWrite, type AppWrite } from '../../core/app/present-app';
import { createApp } from '../commands/create-app';
import { deleteApp } from '../commands/delete-app';
import { loadUsableApp, ownership } from '../commands/load-app';
import { updateApp } from '../commands/update-app';
import type { ApiDeps } from '../deps';
import { parseWith, uuidParam } from '../validate';
import { parseAppBody } from './parse-app-body';
import { AppBody, AppUpdateBody, AppWriteQuery } from './schema';

/**
 * Apps as editable data: read an app as it is written, create one, write a new version, delete one.
 * POST and PUT with `?validateOnly=true` (or the sandbox header) check the app and store nothing: the
 * console's builder calls that on every change to draw the problems on the nodes.
 */
export function appEditingRouter(deps: ApiDeps): Router {
  const router = new Router();
  const validateOnly = (ctx: Context) =>
    parseWith(AppWriteQuery, ctx.query).validateOnly === 'true' ||
    ctx.get('x-atelier-test').toLowerCase() === 'true';
  const answer = (ctx: Context, result: AppWrite, created: boolean) => {
    ctx.status = result.stored && created ? 201 : 200;
    ctx.body = { data: presentAppWrite(result, deps.costs) };
  };

  router.get('/apps/:appId/definition', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const app = await loadUsableApp(deps.db, uuidParam(ctx.params.appId, 'App'), caller);
    ctx.body = { data: presentAppDefinition(app, canEditApp(ownership(app.row), caller)) };
  });

  router.post('/apps', async (ctx) => {
    const body = parseAppBody(AppBody, ctx.request.body);
    answer(ctx, await createApp(deps, ctx.state.caller, body, { validateOnly: validateOnly(ctx) }), true);
  });

  router.put('/apps/:appId', async (ctx) => {
    const appId = uuidParam(ctx.params.appId, 'App');
    const body = parseAppBody(AppUpdateBody, ctx.request.body);
    answer(
      ctx,
      await updateApp(deps, ctx.state.caller, appId, body, { validateOnly: validateOnly(ctx) }),
      false,
    );
  });

  router.delete('/apps/:appId', async (ctx) => {
    ctx.body = { data: await deleteApp(deps, ctx.state.caller, uuidParam(ctx.params.appId, 'App')) };
  });

  return router;
}
