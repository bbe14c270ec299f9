import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { validationError } from '../../core/errors';
import { findUnknownFields } from '../../core/validation/unknown-fields';
import { unknownFieldDetail } from '../validate';

/** What a route reads from the query and the body (its OpenAPI operation's schemas). */
export interface RouteInputs {
  query?: z.ZodType;
  body?: z.ZodType;
}

export interface StrictInputsOptions {
  /** The declared inputs of the route a request matches; undefined for no route (the 404 comes later). */
  inputsOf(ctx: Context): RouteInputs | undefined;
}

const NOTHING = z.object({});

/**
 * A query parameter the route does not declare, or a body field sent to a route that takes no body, is
 * 400 VALIDATION_ERROR with an `unknown_field` detail (and the closest known name): `?since=` on a route
 * without it used to be ignored silently (issue 25 item 7). Bodies the route parses are checked by
 * parseWith with the same rule, nested fields included.
 */
export function strictInputs(options: StrictInputsOptions): Middleware {
  return async function strictInputsMiddleware(ctx, next) {
    const inputs = options.inputsOf(ctx);
    if (inputs) {
      const unknown = findUnknownFields(inputs.query ?? NOTHING, ctx.query);
      if (!inputs.body) unknown.push(...findUnknownFields(NOTHING, ctx.request.body ?? {}));
      if (unknown.length > 0) {
        const details = unknown.map(unknownFieldDetail);
        throw validationError(details, `Invalid request: ${details[0].message}`);
      }
    }
    await next();
  };
}
