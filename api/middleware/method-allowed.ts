import type { Context, Middleware } from 'koa';
import { AtelierError } from '../../core/errors';

/**
 * A method the routes of a known path do not answer is 405 METHOD_NOT_ALLOWED with `Allow` listing those
 * that they do (RFC 9110 15.5.6), before the body is read; an unknown path stays the 404 of the envelope.
 */
export function methodAllowed(options: { allowedOf: (ctx: Context) => string[] }): Middleware {
  return async function methodAllowedMiddleware(ctx, next) {
    const allowed = options.allowedOf(ctx);
    if (allowed.length === 0 || allowed.includes(ctx.method)) return next();
    ctx.set('Allow', allowed.join(', '));
    throw new AtelierError(
      'METHOD_NOT_ALLOWED',
      `${ctx.method} is not allowed on ${ctx.path}: it answers ${allowed.join(', ')}`,
    );
  };
}
