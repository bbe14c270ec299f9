import type { Middleware } from 'koa';
import { isUuid } from '../../core/ids';
import { isTerminal } from '../../core/run/run-status';
import { getServedRun } from '../commands/get-run';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../validate';

/** The template of the run read, as the router knows it. */
export const RUN_READ_ROUTE = '/v1/runs/:runId';

const RUN_READ_PATH = /^\/v1\/runs\/([^/]+)$/;

/**
 * GET /v1/runs/{runId}: the run as served from the run-view cache. A finished run changes only by a
 * refinement: its ETag lets a poller revalidate for a 304.
 */
export function readRun(deps: ApiDeps): Middleware {
  return async function readRunRoute(ctx) {
    const run = await getServedRun(deps, ctx.state.caller, uuidParam(ctx.params.runId, 'Run'));
    ctx.type = 'application/json';
    if (isTerminal(run.view.status)) {
      ctx.set('ETag', run.etag);
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
    }
    ctx.body = run.json;
  };
}

/**
 * The run id of a plain run read (GET, a UUID, no query, no body): the request agents repeat every few
 * seconds, which needs nothing of the router, the body parser or the query checks; null for any other.
 */
export function plainRunRead(ctx: {
  method: string;
  path: string;
  querystring: string;
  get(field: string): string;
}): string | null {
  if (ctx.method !== 'GET' || ctx.querystring !== '') return null;
  if (ctx.get('content-length') !== '' || ctx.get('transfer-encoding') !== '') return null;
  const runId = RUN_READ_PATH.exec(ctx.path)?.[1];
  return isUuid(runId) ? runId : null;
}
