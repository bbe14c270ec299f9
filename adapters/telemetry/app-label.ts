import { loadCatalogApps } from '../catalog';

/**
 * The `app` label of the run counters: `catalog` for a built-in app, `custom` for any app a workspace made.
 * The app id itself was the label, which told anyone who could scrape the ids of private apps and their run
 * counts, and let tenants add series without bound (issue 27 item 5): a label never carries an identifier a
 * tenant created.
 */
export type AppLabel = 'catalog' | 'custom';

export function appLabeller(catalogAppIds: Iterable<string>): (appId: string) => AppLabel {
  const builtIn = new Set(catalogAppIds);
  return (appId) => (builtIn.has(appId) ? 'catalog' : 'custom');
}

let catalogIds: string[] | undefined;

/** The ids of the built-in apps, read once per process from the catalog the database is synced from. */
export function catalogAppIds(): string[] {
  catalogIds ??= loadCatalogApps().map((app) => app.appId);
  return catalogIds;
}
