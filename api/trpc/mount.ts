import type { Middleware } from 'koa';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { JSON_BODY_LIMIT_BYTES } from '../../core/limits';
import type { ApiDeps } from '../deps';
import { callerFromHeaders } from '../middleware/auth';
import { appRouter, toTrpcError } from './router';

const PREFIX = '/trpc/';

/** Serves the tRPC router under /trpc; the same API keys as /v1, checked when each request's context is made. */
export function trpc(deps: ApiDeps): Middleware {
  return async function trpcMiddleware(ctx, next) {
    if (!ctx.path.startsWith(PREFIX)) return next();
    // Koa starts every response as 404; tRPC only writes the status when it is not 200.
    ctx.status = 200;
    ctx.respond = false;
    await nodeHTTPRequestHandler({
      router: appRouter,
      req: ctx.req,
      res: ctx.res,
      path: ctx.path.slice(PREFIX.length),
      maxBodySize: JSON_BODY_LIMIT_BYTES,
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
