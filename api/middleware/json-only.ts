import type { Middleware } from 'koa';
import { AtelierError } from '../../core/errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * A body that is not JSON is 415 with the envelope (code VALIDATION_ERROR, the contract's code for a bad
 * body). The body parser used to skip it silently, so the route answered as if nothing had been sent
 * ("brief is required") (issue 12 item 14). A request without a body passes, whatever its content type.
 */
export function jsonBodiesOnly(): Middleware {
  return async function jsonBodiesOnlyMiddleware(ctx, next) {
    const hasBody = ctx.get('transfer-encoding') !== '' || (ctx.request.length ?? 0) > 0;
    if (BODY_METHODS.has(ctx.method) && hasBody && !ctx.request.is('json', '+json'))
      throw new AtelierError('VALIDATION_ERROR', 'Unsupported content type: send application/json', {
        status: 415,
        details: [
          {
            param: null,
            code: 'unsupported_media_type',
            message: `The body is ${ctx.get('content-type') || 'of no declared type'}; send application/json`,
          },
        ],
      });
    await next();
  };
}
