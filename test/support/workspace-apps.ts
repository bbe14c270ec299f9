import type { Kysely } from 'kysely';
import { loadCatalogApps } from '../../adapters/catalog';
import { insertApp } from '../../adapters/db/apps';
import type { Database } from '../../adapters/db/schema';
import type { Visibility } from '../../core/app/app-access';
import type { AppDefinition } from '../../core/app/app-definition';
import { newId } from '../../core/ids';
import type { TestUser } from './seed';

/** A copy of a catalog app under a new id, owned by a workspace user, as a generated app would be. */
export async function insertWorkspaceApp(
  db: Kysely<Database>,
  creator: TestUser,
  visibility: Visibility,
  fields: { name?: string; description?: string | null; catalogIndex?: number } = {},
): Promise<AppDefinition> {
  const base = loadCatalogApps()[fields.catalogIndex ?? 0];
  const app: AppDefinition = {
    ...base,
    appId: newId(),
    name: fields.name ?? `${base.name} copy`,
    description: fields.description === undefined ? base.description : fields.description,
  };
  await insertApp(db, app, { workspaceId: creator.workspaceId, creatorId: creator.userId, visibility });
  return app;
}
