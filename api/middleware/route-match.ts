import type Router from '@koa/router';
import type { Context } from 'koa';

/** The route of a router that a request matches. */
export interface MatchedRoute {
  /** The template of the route of the request's method, else of another method (404, 405); null for none. */
  template: string | null;
  /** The decoded path parameters of the route of the request's method. */
  params: Record<string, string>;
  /** The methods the routes of the path answer (`GET`, `HEAD`, `PUT` ...); empty for an unknown path, or when
   * the request was dispatched without the router. */
  allowed: string[];
}

const MATCHED = Symbol('matched route');

/**
 * The route of `router` a request matches, found once per request: the input checks, the log context and
 * the metrics all ask, and matching every route of /v1 is the dearest part of a cheap request.
 */
export function routeMatcher(
  router: Router,
): (ctx: Pick<Context, 'path' | 'method' | 'state'>) => MatchedRoute {
  return (ctx) => {
    const state = ctx.state as { [MATCHED]?: MatchedRoute };
    return (state[MATCHED] ??= match(router, ctx.path, ctx.method));
  };
}

function match(router: Router, path: string, method: string): MatchedRoute {
  const matched = router.match(path, method);
  const routes = (layers: typeof matched.path) => layers.filter((layer) => layer.methods.length > 0);
  const layer = routes(matched.pathAndMethod).at(-1) ?? routes(matched.path).at(-1);
  const withParams = matched.pathAndMethod.find((l) => l.paramNames.length > 0);
  return {
    template: layer ? String(layer.path) : null,
    params: withParams ? withParams.params(path, withParams.captures(path)) : {},
    allowed: allowedOn(routes(matched.path)),
  };
}

/**
 * The methods of the most specific routes of a path, as the OpenAPI document resolves it: a literal path
 * (`/v1/apps/discover`) before a templated one (`/v1/apps/{appId}`) that also matches.
 */
function allowedOn(layers: Router['stack']): string[] {
  const fewest = Math.min(...layers.map((l) => l.paramNames.length));
  return [...new Set(layers.filter((l) => l.paramNames.length === fewest).flatMap((l) => l.methods))];
}

/** Records the route of a request dispatched without the router (api/runs/read-run.ts). */
export function setMatchedRoute(ctx: Pick<Context, 'state'>, route: Omit<MatchedRoute, 'allowed'>): void {
  (ctx.state as { [MATCHED]?: MatchedRoute })[MATCHED] = { ...route, allowed: [] };
  // Where @koa/router leaves it: the request's span is named from it (api/middleware/server-spans.ts).
  (ctx as { _matchedRoute?: string })._matchedRoute = route.template ?? undefined;
}
