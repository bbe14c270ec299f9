import type { Caller } from '../../core/app/app-access';
import type { ContentTemplate, TemplateCategory } from '../../core/content/content-template';
import { loadCatalogTemplates } from '../../adapters/catalog-templates';
import { listWorkspaceTemplates } from '../../adapters/db/templates';
import type { ApiDeps } from '../deps';

/** GET /v1/templates: the built-in templates, then the workspace's own; of one category when given. */
export async function listTemplates(
  deps: ApiDeps,
  caller: Caller,
  category: TemplateCategory | undefined,
): Promise<{ builtIn: ContentTemplate[]; own: ContentTemplate[] }> {
  const builtIn = loadCatalogTemplates().filter((t) => !category || t.category === category);
  const own = await listWorkspaceTemplates(deps.db, caller.workspaceId, category);
  return { builtIn, own };
}
