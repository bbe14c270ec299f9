import type { Middleware } from 'koa';
import { withLogContext } from '../../adapters/logger';
import { newId } from '../../core/ids';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Echoes a well-formed `X-Request-Id` or makes one; the error envelope repeats it as `requestId`, and
 * every line logged while the request is served carries it (adapters/logger.ts).
 */
export function requestId(): Middleware {
  return function requestIdMiddleware(ctx, next) {
    const given = ctx.get('x-request-id');
    const id = ACCEPTABLE.test(given) ? given : newId();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    return withLogContext({ requestId: id }, next);
  };
}
