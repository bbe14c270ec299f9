import { canChangeVisibility, type Caller, type Visibility } from '../../core/app/app-access';
import { forbidden } from '../../core/errors';
import { setAppVisibility } from '../../adapters/db/apps';
import type { ApiDeps } from '../deps';
import { loadUsableApp, ownership, type LoadedApp } from './load-app';

/** Only the app's creator or an owner of its workspace may change who sees it. */
export async function changeAppVisibility(
  deps: ApiDeps,
  caller: Caller,
  appId: string,
  visibility: Visibility,
): Promise<LoadedApp> {
  const app = await loadUsableApp(deps.db, appId, caller);
  if (!canChangeVisibility(ownership(app.row), caller))
    throw forbidden('Only the app creator or a workspace owner may change visibility');
  await setAppVisibility(deps.db, app.row.id, visibility);
  return app;
}
