import Router from '@koa/router';
import { presentAppDetail } from '../../core/app/present-app';
import { generateWorkflow } from '../commands/generate-workflow';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { GenerateBody } from './schema';

/** POST /v1/workflows/generate: a new app from natural language, answered 201 with its App detail. */
export function workflowsRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.post('/workflows/generate', async (ctx) => {
    const { test, ...body } = parseWith(GenerateBody, ctx.request.body);
    const sandbox = test === true || ctx.get('x-atelier-test').toLowerCase() === 'true';
    const app = await generateWorkflow(deps, ctx.state.caller, { ...body, sandbox });
    ctx.status = sandbox ? 200 : 201;
    ctx.body = { data: sandbox ? { ...presentAppDetail(app), status: 'test' } : presentAppDetail(app) };
  });
  return router;
}
