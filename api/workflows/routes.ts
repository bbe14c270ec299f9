import Router from '@koa/router';
import { z } from 'zod';
import { VISIBILITIES, type Caller, type Visibility } from '../../core/app/app-access';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { presentAppDetail } from '../apps/presenter';
import { generateWorkflow } from './generate-workflow';

export const GenerateBody = z.object({
  instruction: z.string().trim().min(1, 'instruction is required').max(4000),
  name: z.string().trim().min(1).max(120).optional(),
  baseAppId: z.string().optional(),
  visibility: z.enum(VISIBILITIES as [Visibility, ...Visibility[]]).default('private'),
  test: z.boolean().optional(),
});

/** POST /v1/workflows/generate: a new app from natural language, answered 201 with its App detail. */
export function workflowsRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.post('/workflows/generate', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const { test, ...body } = parseWith(GenerateBody, ctx.request.body);
    const sandbox = test === true || ctx.get('x-atelier-test').toLowerCase() === 'true';
    const app = await generateWorkflow(deps, caller, { ...body, sandbox });
    ctx.status = sandbox ? 200 : 201;
    ctx.body = { data: sandbox ? { ...presentAppDetail(app), status: 'test' } : presentAppDetail(app) };
  });
  return router;
}
