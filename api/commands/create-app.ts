import type { Caller } from '../../core/app/app-access';
import { buildApp } from '../../core/app/build-app';
import type { AppWrite } from '../../core/app/present-app';
import { newId } from '../../core/ids';
import { findApp, insertApp } from '../../adapters/db/apps';
import type { AppBody } from '../apps/schema';
import type { ApiDeps } from '../deps';
import { requireConfiguredProviders } from './require-configured-providers';
import { compileRow } from './load-app';

/**
 * POST /v1/apps: a new app of the caller's workspace, private unless asked otherwise.
 * 1. buildApp compiles it; a bad graph is one VALIDATION_ERROR naming each node or edge, and so is a node
 *    naming a provider this deployment has not configured.
 * 2. validateOnly: answer the check, store nothing.
 * 3. Store it as a `builder` app, version 1, created by the caller.
 */
export async function createApp(
  deps: ApiDeps,
  caller: Caller,
  body: AppBody,
  options: { validateOnly: boolean },
): Promise<AppWrite> {
  const appId = newId();
  const built = buildApp(appId, body);
  requireConfiguredProviders(deps.config, built.app);
  if (options.validateOnly) return { stored: false, built };
  await insertApp(deps.db, built.app.definition, {
    workspaceId: caller.workspaceId,
    creatorId: caller.userId,
    visibility: body.visibility ?? 'private',
    source: 'builder',
    keyId: caller.keyId,
  });
  return { stored: true, app: compileRow((await findApp(deps.db, appId))!), warnings: built.warnings };
}
