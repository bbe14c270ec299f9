import Router from '@koa/router';
import { findTemplate } from '../commands/find-template';
import { listTemplates } from '../commands/list-templates';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { presentTemplate } from './presenter';
import { ListQuery } from './schema';

export function templatesRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.get('/templates', async (ctx) => {
    const { category } = parseWith(ListQuery, ctx.query);
    const { builtIn, own } = await listTemplates(deps, ctx.state.caller, category);
    ctx.body = {
      data: [...builtIn.map((t) => presentTemplate(t, true)), ...own.map((t) => presentTemplate(t, false))],
    };
  });

  router.get('/templates/:id', async (ctx) => {
    const { template, isBuiltIn } = await findTemplate(deps, ctx.state.caller, ctx.params.id);
    ctx.body = { data: { ...presentTemplate(template, isBuiltIn), guidance: template.guidance } };
  });

  return router;
}
