import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentTemplate } from '../core/content/content-template';
import { CATALOG_DIR, CatalogError } from './catalog';

let cached: ContentTemplate[] | null = null;

/** The built-in templates of `catalog/templates`, validated once; a bad file throws with its name and field. */
export function loadCatalogTemplates(dir = join(CATALOG_DIR, 'templates')): ContentTemplate[] {
  if (cached && dir === join(CATALOG_DIR, 'templates')) return cached;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const templates = files.map((file) => {
    const parsed = ContentTemplate.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success)
      throw new CatalogError(
        file,
        parsed.error.issues[0].path.join('.') || '(root)',
        parsed.error.issues[0].message,
      );
    if (`${parsed.data.id}.json` !== file)
      throw new CatalogError(file, 'id', `id "${parsed.data.id}" does not match the file name`);
    return parsed.data;
  });
  if (dir === join(CATALOG_DIR, 'templates')) cached = templates;
  return templates;
}
