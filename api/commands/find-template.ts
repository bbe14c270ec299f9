import type { Caller } from '../../core/app/app-access';
import type { ContentTemplate } from '../../core/content/content-template';
import { notFound } from '../../core/errors';
import { isUuid } from '../../core/ids';
import { loadCatalogTemplates } from '../../adapters/catalog-templates';
import { findWorkspaceTemplate } from '../../adapters/db/templates';
import type { ApiDeps } from '../deps';

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
