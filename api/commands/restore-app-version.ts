import type { Caller } from '../../core/app/app-access';
import { buildApp } from '../../core/app/build-app';
import { definitionOf } from '../../core/app/present-app-version';
import type { AppWrite } from '../../core/app/present-app';
import { notFound } from '../../core/errors';
import { findApp, updateAppDefinition } from '../../adapters/db/apps';
import type { ApiDeps } from '../deps';
import { findStoredVersion } from './app-versions';
import { compileRow, findEditableApp } from './load-app';

/**
 * POST /v1/apps/{appId}/versions/{version}/restore: that version's definition written again as a new
 * version (the history only grows), by a caller who may change the app. It is compiled as a PUT would
 * be, so a version that no longer compiles (a node type since removed) is refused with the same errors.
 * Visibility is the app's, not the version's.
 */
export async function restoreAppVersion(
  deps: ApiDeps,
  caller: Caller,
  appId: string,
  version: number,
): Promise<AppWrite> {
  const row = await findEditableApp(deps.db, appId, caller);
  const built = buildApp(row.id, definitionOf(await findStoredVersion(deps.db, row.id, version)));
  const stored = await updateAppDefinition(deps.db, built.app.definition, {
    author: { userId: caller.userId, keyId: caller.keyId },
    restoredFrom: version,
  });
  if (stored === null) throw notFound('App');
  return { stored: true, app: compileRow((await findApp(deps.db, row.id))!), warnings: built.warnings };
}
