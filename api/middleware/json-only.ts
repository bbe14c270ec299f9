import type { Middleware } from 'koa';
import { AtelierError } from '../../core/errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * A body that is not JSON is 400 VALIDATION_ERROR, as the contract's code table ties that code to 400
 * (it was 415 with that code, which the table does not allow: issue 25 item 7); the message and the
 * `unsupported_media_type` detail keep the reason. The body parser used to skip such a body silently, so
 * the route answered as if nothing had been sent (issue 12 item 14). A request without a body passes,
 * whatever its content type.
 */
export function jsonBodiesOnly(): Middleware {
  return async function jsonBodiesOnlyMiddleware(ctx, next) {
    const hasBody = ctx.get('transfer-encoding') !== '' || (ctx.request.length ?? 0) > 0;
    if (BODY_METHODS.has(ctx.method) && hasBody && !ctx.request.is('json', '+json'))
      throw new AtelierError('VALIDATION_ERROR', unsupportedMessage(ctx.get('content-type')), {
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

const unsupportedMessage = (type: string) =>
  `Unsupported content type ${type || '(none declared)'}: the body must be JSON (application/json)`;
