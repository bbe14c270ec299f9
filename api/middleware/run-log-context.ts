import type { Context, Middleware } from 'koa';
import { annotateLogContext } from '../../adapters/logger';
import { isUuid } from '../../core/ids';

export interface RunLogContextOptions {
  /** The decoded path parameters of the route the request matches, by name. */
  pathParams(ctx: Context): Record<string, string>;
}

/**
 * A request about a run (a `:runId` route) logs the run's id on every line, as the worker does for the
 * run's activities. A run that a request creates is added where it is launched (api/commands/launch-execution.ts).
 */
export function runLogContext(options: RunLogContextOptions): Middleware {
  return function runLogContextMiddleware(ctx, next) {
    const { runId } = options.pathParams(ctx);
    // The request's own context (api/middleware/request-id.ts) gains it: no second async context.
    if (isUuid(runId)) annotateLogContext({ runId });
    return next();
  };
}
