import Router from '@koa/router';
import { z } from 'zod';
import type { Caller } from '../../core/app/app-access';
import { TEMPLATE_CATEGORIES, type ContentTemplate } from '../../core/content/content-template';
import { notFound } from '../../core/errors';
import { isUuid } from '../../core/ids';
import { loadCatalogTemplates } from '../../adapters/catalog-templates';
import { findWorkspaceTemplate, listWorkspaceTemplates } from '../../adapters/db/templates';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';

export const ListQuery = z.object({ category: z.enum(TEMPLATE_CATEGORIES).optional() });

export const presentTemplate = (t: ContentTemplate, isBuiltIn: boolean) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  category: t.category,
  suggestedModalities: t.suggestedModalities,
  suggestedPlatforms: t.suggestedPlatforms,
  isBuiltIn,
});

/** A built-in template by its slug, or one of the caller's workspace by uuid; 404 otherwise. */
export async function findTemplate(
  deps: ApiDeps,
  caller: Caller,
  id: string,
): Promise<{ template: ContentTemplate; isBuiltIn: boolean }> {
  const builtIn = loadCatalogTemplates().find((t) => t.id === id);
  if (builtIn) return { template: builtIn, isBuiltIn: true };
  const own = isUuid(id) ? await findWorkspaceTemplate(deps.db, caller.workspaceId, id) : undefined;
  if (own) return { template: own, isBuiltIn: false };
  throw notFound('Template');
}

export function templatesRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.get('/templates', async (ctx) => {
    const { category } = parseWith(ListQuery, ctx.query);
    const builtIn = loadCatalogTemplates().filter((t) => !category || t.category === category);
    const own = await listWorkspaceTemplates(deps.db, ctx.state.caller.workspaceId, category);
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
