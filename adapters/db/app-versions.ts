import type { Kysely } from 'kysely';
import type { AppDefinition } from '../../core/app/app-definition';
import type { AppVersionRow, Database } from './schema';

/** Who wrote a version: the user and the API key they called with. */
export interface VersionAuthor {
  userId: string | null;
  keyId?: string | null;
}

/** A stored version with the name of the key that wrote it (null when unknown or deleted). */
export type AppVersionWithKey = AppVersionRow & { key_name: string | null };

/**
 * Stores one version of an app's definition. A version already stored is overwritten: the catalog sync
 * refreshes built-in apps in place, at the same version.
 */
export async function recordAppVersion(
  db: Kysely<Database>,
  app: AppDefinition,
  version: number,
  change: { author?: VersionAuthor; restoredFrom?: number },
): Promise<void> {
  const definition = JSON.stringify(app);
  await db
    .insertInto('app_versions')
    .values({
      app_id: app.appId,
      version,
      definition,
      author_user_id: change.author?.userId ?? null,
      author_key_id: change.author?.keyId ?? null,
      restored_from: change.restoredFrom ?? null,
    })
    .onConflict((oc) => oc.columns(['app_id', 'version']).doUpdateSet({ definition }))
    .execute();
}

const withKeyName = (db: Kysely<Database>) =>
  db
    .selectFrom('app_versions')
    .leftJoin('api_keys', 'api_keys.id', 'app_versions.author_key_id')
    .selectAll('app_versions')
    .select('api_keys.name as key_name');

/** The stored versions of an app, newest first. */
export async function listAppVersions(
  db: Kysely<Database>,
  appId: string,
  page: { limit: number; offset: number },
): Promise<{ versions: AppVersionWithKey[]; total: number }> {
  const versions = await withKeyName(db)
    .where('app_versions.app_id', '=', appId)
    .orderBy('app_versions.version', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await db
    .selectFrom('app_versions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('app_id', '=', appId)
    .executeTakeFirstOrThrow();
  return { versions, total: Number(count.n) };
}

export async function findAppVersion(
  db: Kysely<Database>,
  appId: string,
  version: number,
): Promise<AppVersionWithKey | undefined> {
  return withKeyName(db)
    .where('app_versions.app_id', '=', appId)
    .where('app_versions.version', '=', version)
    .executeTakeFirst();
}

/** The stored version just before `version` (versions written before migration 027 may be missing). */
export async function findPreviousAppVersion(
  db: Kysely<Database>,
  appId: string,
  version: number,
): Promise<AppVersionRow | undefined> {
  return db
    .selectFrom('app_versions')
    .selectAll()
    .where('app_id', '=', appId)
    .where('version', '<', version)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}
