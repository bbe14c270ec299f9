import type { Context, Middleware } from 'koa';
import { assertStorableInput } from '../validate';

export interface StorableInputOptions {
  /** The decoded path parameters of the route the request matches, by name. */
  pathParams(ctx: Context): Record<string, string>;
}

/**
 * Refuses U+0000, unpaired surrogates and over-deep JSON in the path parameters, the query and the parsed
 * body of every request before any route sees them, so no route can forget it (issue 12 items 5, 6).
 * Runs after the body parser.
 */
export function storableInput(options: StorableInputOptions): Middleware {
  return async function storableInputMiddleware(ctx, next) {
    assertStorableInput(options.pathParams(ctx), 'path');
    assertStorableInput(ctx.query, 'query');
    assertStorableInput(ctx.request.body, 'body');
    await next();
  };
}
