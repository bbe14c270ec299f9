import type { Caller } from '../../core/app/app-access';
import { buildApp } from '../../core/app/build-app';
import type { AppWrite } from '../../core/app/present-app';
import { invalidField, notFound } from '../../core/errors';
import { findApp, updateAppDefinition } from '../../adapters/db/apps';
import type { AppUpdateBody } from '../apps/schema';
import type { ApiDeps } from '../deps';
import { requireConfiguredProviders } from './require-configured-providers';
import { compileRow, findEditableApp } from './load-app';

/**
 * PUT /v1/apps/{appId}: a new version of an app the caller may change (404 hidden, 403 built-in or another's).
 * 1. buildApp compiles the new definition under the same id, its providers must be configured (as for
 *    POST); validateOnly stops there.
 * 2. The version goes up by one. With `baseVersion`, only if nobody saved since: else 400 stale_version.
 * Runs already started keep the plan (and version) they started with.
 */
export async function updateApp(
  deps: ApiDeps,
  caller: Caller,
  appId: string,
  body: AppUpdateBody,
  options: { validateOnly: boolean },
): Promise<AppWrite> {
  const row = await findEditableApp(deps.db, appId, caller);
  const built = buildApp(row.id, body);
  requireConfiguredProviders(deps.config, built.app);
  if (options.validateOnly) return { stored: false, built };
  const version = await updateAppDefinition(deps.db, built.app.definition, {
    baseVersion: body.baseVersion,
    visibility: body.visibility,
    author: { userId: caller.userId, keyId: caller.keyId },
  });
  if (version === null) {
    const current = await findApp(deps.db, row.id);
    if (!current) throw notFound('App');
    throw invalidField(
      'baseVersion',
      'stale_version',
      `The app was saved since version ${body.baseVersion}: it is at version ${current.version}. Load it again and reapply your change.`,
    );
  }
  return { stored: true, app: compileRow((await findApp(deps.db, row.id))!), warnings: built.warnings };
}
