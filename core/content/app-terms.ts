import type { AppDefinition } from '../app/app-definition';
import { catalogTerms } from '../discovery/catalog-index';

const cache = new WeakMap<AppDefinition, Set<string>>();

/**
 * The terms an app is asked for by: its name, aliases, keywords and formats (not its use cases,
 * which name occasions: "launch", "promotion"). In a brief
 * for this app they are the request ("carousel", "audiogram", "packshot"), never the content.
 */
export function appTermsOf(app: AppDefinition): Set<string> {
  const hit = cache.get(app);
  if (hit) return hit;
  const fm = app.frontmatter;
  const terms = new Set([app.name, ...fm.aliases, ...fm.keywords, ...fm.formats].flatMap(catalogTerms));
  cache.set(app, terms);
  return terms;
}
