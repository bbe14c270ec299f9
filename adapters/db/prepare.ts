import type { Kysely } from 'kysely';
import { loadCatalogApps } from '../catalog';
import { syncCatalogApps } from './apps';
import { migrate } from './connect';
import type { Database } from './schema';

/** Brings a database to the current schema and the current built-in catalog. */
export async function prepareDatabase(db: Kysely<Database>): Promise<void> {
  await migrate(db);
  await syncCatalogApps(db, loadCatalogApps());
}
