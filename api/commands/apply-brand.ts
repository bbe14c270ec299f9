import type { Caller } from '../../core/app/app-access';
import { compileApp } from '../../core/app/compiled-app';
import { withBrandVisuals } from '../../core/brand/visual-guidance';
import { brandContextOf } from '../../adapters/db/brand';
import type { ApiDeps } from '../deps';
import type { LoadedApp } from './load-app';
import { resolveBrandProfile } from './resolve-brand-profile';

/**
 * The app with a brand profile's visual style and negatives folded onto its visual generation nodes.
 * The named profile (404 when it is not the workspace's), else the workspace's active one; a workspace
 * without a brand profile runs the app as it is. Both used to be accepted and ignored (issue 12 item 14).
 */
export async function applyBrand(
  deps: ApiDeps,
  caller: Caller,
  app: LoadedApp,
  profileId: string | null | undefined,
): Promise<LoadedApp> {
  const profile = await resolveBrandProfile(deps, caller, profileId);
  if (!profile) return app;
  const definition = withBrandVisuals(app.definition, brandContextOf(profile));
  return definition === app.definition ? app : { ...compileApp(definition), row: app.row };
}
