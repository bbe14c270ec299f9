import Router from '@koa/router';
import { presentAppWrite } from '../../core/app/present-app';
import { notFound } from '../../core/errors';
import { listVersions, showVersion } from '../commands/app-versions';
import { restoreAppVersion } from '../commands/restore-app-version';
import type { ApiDeps } from '../deps';
import { parseWith, uuidParam } from '../validate';
import { VersionQuery, VersionsQuery } from './schema';

/** An app's version history: list, read one version (with what changed), restore one as a new version. */
export function appVersionsRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.get('/apps/:appId/versions', async (ctx) => {
    const query = parseWith(VersionsQuery, ctx.query);
    const appId = uuidParam(ctx.params.appId, 'App');
    const { versions, total } = await listVersions(deps.db, ctx.state.caller, appId, query);
    ctx.body = { data: versions, pagination: { total, limit: query.limit, offset: query.offset } };
  });

  router.get('/apps/:appId/versions/:version', async (ctx) => {
    const { compareTo } = parseWith(VersionQuery, ctx.query);
    const appId = uuidParam(ctx.params.appId, 'App');
    const version = versionParam(ctx.params.version);
    ctx.body = { data: await showVersion(deps.db, ctx.state.caller, appId, version, compareTo) };
  });

  router.post('/apps/:appId/versions/:version/restore', async (ctx) => {
    const appId = uuidParam(ctx.params.appId, 'App');
    const restored = await restoreAppVersion(deps, ctx.state.caller, appId, versionParam(ctx.params.version));
    ctx.body = { data: presentAppWrite(restored, deps.costs) };
  });

  return router;
}

/** A version number in a path; anything else names no version. */
function versionParam(value: string | undefined): number {
  const version = /^[1-9][0-9]{0,8}$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isInteger(version)) throw notFound(`Version ${value} of the app`);
  return version;
}
