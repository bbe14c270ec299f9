import { loadCatalogApps } from '../../../adapters/catalog';
import { compileApp } from '../../../core/app/compiled-app';
import { DEFAULT_NODE_COSTS } from '../../../core/billing/credits';
import type { ContentApp } from '../../../core/content/plan-content';
import { toCandidate } from '../../../core/discovery/candidate';

/** The shipped catalog as discovery and content creation see it. */
export const CATALOG_APPS: ContentApp[] = loadCatalogApps().map((definition) => {
  const compiled = compileApp(definition);
  return {
    appId: definition.appId,
    compiled,
    candidate: toCandidate(definition.appId, compiled, DEFAULT_NODE_COSTS),
  };
});

export const CATALOG = CATALOG_APPS.map((a) => a.candidate);
