import type { Kysely } from 'kysely';
import { AppDefinition } from '../../core/app/app-definition';
import { appAccess, canEditApp, type Caller } from '../../core/app/app-access';
import { compileApp, type CompiledApp } from '../../core/app/compiled-app';
import { forbidden, notFound } from '../../core/errors';
import { findApp } from '../../adapters/db/apps';
import type { AppRow, Database } from '../../adapters/db/schema';

export interface LoadedApp extends CompiledApp {
  row: AppRow;
}

const compiled = new Map<string, { updatedAt: number; app: CompiledApp }>();

/** Compiles a stored app once per version; apps are read far more often than they change. */
export function compileRow(row: AppRow): LoadedApp {
  const version = new Date(row.updated_at).getTime();
  const cached = compiled.get(row.id);
  if (cached && cached.updatedAt === version) return { ...cached.app, row };
  const app = compileApp(AppDefinition.parse(row.definition));
  compiled.set(row.id, { updatedAt: version, app });
  return { ...app, row };
}

export const ownership = (row: AppRow) => ({
  workspaceId: row.workspace_id,
  creatorId: row.creator_id,
  visibility: row.visibility,
});

/** The app if the caller may use it; 404 when it is hidden from them (core/app/app-access.ts). */
export async function loadUsableApp(db: Kysely<Database>, appId: string, caller: Caller): Promise<LoadedApp> {
  return compileRow(await findUsableRow(db, appId, caller));
}

/** The stored app if the caller may use it (not compiled): 404 hidden, 403 forbidden. */
export async function findUsableRow(db: Kysely<Database>, appId: string, caller: Caller): Promise<AppRow> {
  const row = await findApp(db, appId);
  if (!row) throw notFound('App');
  if (appAccess(ownership(row), caller) === 'hidden') throw notFound('App');
  return row;
}

/**
 * The stored app if the caller may change it (core/app/app-access.ts canEditApp): 404 as for using it,
 * 403 for built-in apps and for apps of others. Not compiled, so a broken stored app can still be fixed.
 */
export async function findEditableApp(db: Kysely<Database>, appId: string, caller: Caller): Promise<AppRow> {
  const row = await findUsableRow(db, appId, caller);
  if (canEditApp(ownership(row), caller)) return row;
  throw forbidden(
    row.workspace_id === null
      ? 'Built-in apps are read-only: duplicate the app to change it'
      : 'Only the app creator or a workspace owner may change this app',
  );
}
