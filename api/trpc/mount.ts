import type { Middleware } from 'koa';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { JSON_BODY_LIMIT_BYTES } from '../../core/limits';
import type { ApiDeps } from '../deps';
import { callerFromHeaders } from '../middleware/auth';
import { toTrpcError } from './errors';
import { appRouter } from './router';

const PREFIX = '/trpc/';

/** Serves the tRPC router under /trpc; the same API keys as /v1, checked when each request's context is made. */
export function trpc(deps: ApiDeps): Middleware {
  return async function trpcMiddleware(ctx, next) {
    if (!ctx.path.startsWith(PREFIX)) return next();
    // Koa starts every response as 404; tRPC only writes the status when it is not 200. Set on the Node
    // response, not through Koa: `ctx.status = 200` also fixed the reason phrase, so errors went out as
    // "400 OK" (issue 12 item 9).
    ctx.res.statusCode = 200;
    ctx.respond = false;
    await nodeHTTPRequestHandler({
      router: appRouter,
      req: ctx.req,
      res: ctx.res,
      path: ctx.path.slice(PREFIX.length),
      maxBodySize: JSON_BODY_LIMIT_BYTES,
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          deps.logger.error(
            { err: error.cause ?? error, path, requestId: ctx.state.requestId },
            'tRPC call failed',
          );
      },
      createContext: async ({ req }) => {
        try {
          return { deps, caller: await callerFromHeaders(deps.db, req.headers) };
        } catch (err) {
          throw toTrpcError(err);
        }
      },
    });
  };
}
