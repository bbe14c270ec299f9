import { sql, type Kysely } from 'kysely';
import type { AppDefinition } from '../../core/app/app-definition';
import type { Visibility } from '../../core/app/app-access';
import { recordAppVersion, type VersionAuthor } from './app-versions';
import type { AppRow, AppSource, Database } from './schema';

/** Inserts or refreshes the built-in catalog apps (no workspace, public). */
export async function syncCatalogApps(db: Kysely<Database>, apps: AppDefinition[]): Promise<void> {
  for (const app of apps) {
    const row = await db
      .insertInto('apps')
      .values({
        id: app.appId,
        workspace_id: null,
        creator_id: null,
        name: app.name,
        description: app.description,
        definition: JSON.stringify(app),
        visibility: 'public',
        source: 'catalog',
        updated_at: new Date(),
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          name: app.name,
          description: app.description,
          definition: JSON.stringify(app),
          updated_at: new Date(),
        }),
      )
      .returning('version')
      .executeTakeFirstOrThrow();
    await recordAppVersion(db, app, row.version, {});
  }
}

export async function insertApp(
  db: Kysely<Database>,
  app: AppDefinition,
  owner: {
    workspaceId: string;
    creatorId: string;
    visibility: Visibility;
    source?: AppSource;
    keyId?: string;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('apps')
      .values({
        id: app.appId,
        workspace_id: owner.workspaceId,
        creator_id: owner.creatorId,
        name: app.name,
        description: app.description,
        definition: JSON.stringify(app),
        visibility: owner.visibility,
        source: owner.source ?? 'generated',
        updated_at: new Date(),
      })
      .execute();
    await recordAppVersion(trx, app, 1, { author: { userId: owner.creatorId, keyId: owner.keyId } });
  });
}

/** A live app (a deleted one is gone for everything but the runs that reference it). */
export async function findApp(db: Kysely<Database>, appId: string): Promise<AppRow | undefined> {
  return db
    .selectFrom('apps')
    .selectAll()
    .where('id', '=', appId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Stores a new version of an app's definition (and visibility, when given): version + 1, kept in the
 * version history with its author (and, for a restore, the version brought back). With `baseVersion`,
 * only if the stored version is still that one. Returns the new version, or null when the app is gone
 * or was changed since `baseVersion`.
 */
export async function updateAppDefinition(
  db: Kysely<Database>,
  app: AppDefinition,
  change: { baseVersion?: number; visibility?: Visibility; author?: VersionAuthor; restoredFrom?: number },
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('apps')
      .set((eb) => ({
        name: app.name,
        description: app.description,
        definition: JSON.stringify(app),
        version: eb('version', '+', 1),
        updated_at: new Date(),
        ...(change.visibility ? { visibility: change.visibility } : {}),
      }))
      .where('id', '=', app.appId)
      .where('deleted_at', 'is', null);
    if (change.baseVersion !== undefined) q = q.where('version', '=', change.baseVersion);
    const row = await q.returning('version').executeTakeFirst();
    if (!row) return null;
    await recordAppVersion(trx, app, row.version, change);
    return row.version;
  });
}

/** Marks an app deleted; its runs and assets stay. Returns whether a live app was deleted. */
export async function deleteApp(db: Kysely<Database>, appId: string): Promise<boolean> {
  const result = await db
    .updateTable('apps')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', appId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An app's tags as one text: the frontmatter's tag lists, save the intents it excludes. */
const TAG_TEXT = sql<string>`concat_ws(' ', ${sql.join(
  ['categories', 'useCases', 'keywords', 'aliases', 'formats', 'platforms', 'audiences'].map(
    (list) => sql`definition #>> ${`{frontmatter,${list}}`}`,
  ),
)})`;

/**
 * Apps a workspace sees in a listing: its own (the caller filters private ones), plus public apps of
 * others, at most `publicLimit` of those. `search` keeps the apps that have every word of it in their
 * name, description or tags, case-insensitively.
 */
export async function listVisibleApps(
  db: Kysely<Database>,
  workspaceId: string,
  options: { search?: string; publicLimit?: number },
): Promise<{ own: AppRow[]; public: AppRow[] }> {
  const patterns = (options.search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const base = () => {
    let q = db.selectFrom('apps').selectAll().where('deleted_at', 'is', null);
    // Every word of the search, each anywhere in the name, the description or the tags.
    for (const pattern of patterns)
      q = q.where((eb) =>
        eb.or([
          eb('name', 'ilike', pattern),
          eb(sql`coalesce(description, '')`, 'ilike', pattern),
          eb(TAG_TEXT, 'ilike', pattern),
        ]),
      );
    return q;
  };
  const own = await base()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
  let others = base()
    .where('visibility', '=', 'public')
    .where((eb) => eb.or([eb('workspace_id', 'is', null), eb('workspace_id', '!=', workspaceId)]))
    .orderBy('source')
    .orderBy('name');
  if (options.publicLimit !== undefined) others = others.limit(options.publicLimit);
  return { own, public: await others.execute() };
}

export async function setAppVisibility(
  db: Kysely<Database>,
  appId: string,
  visibility: Visibility,
): Promise<void> {
  await db.updateTable('apps').set({ visibility, updated_at: new Date() }).where('id', '=', appId).execute();
}
