import type { Middleware } from 'koa';
import compose from 'koa-compose';
import type { Logger } from 'pino';
import { AtelierError } from '../core/errors';
import { READINESS_CHECK_TIMEOUT_MS } from '../core/limits';
import { errorEnvelope } from './middleware/errors';
import { requestId } from './middleware/request-id';

export const LIVENESS_PATH = '/healthz';
export const READINESS_PATH = '/readyz';

/** A dependency the process cannot serve without, by the name an operator reads: resolves when it answers. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

export interface HealthOptions {
  checks: ReadinessChecks;
  /** Aborted when the process starts to stop: from then on it is not ready, so no new work is sent to it. */
  stopping?: AbortSignal;
  logger: Logger;
  timeoutMs?: number;
}

/**
 * GET /healthz and /readyz, outside /v1 and its keys, for probes and load balancers (docs/deployment.md).
 * - /healthz: the process answers (liveness): 200 `{status: "ok"}`, never a dependency's fault, so an
 *   outage of the database does not make Kubernetes restart every replica.
 * - /readyz: every check answers within the timeout and the process is not stopping (readiness):
 *   200 `{status: "ready", checks}`, else 503 RESOURCE_UNAVAILABLE in the error envelope naming what
 *   does not answer. A change of readiness is logged once, with the errors.
 */
export function healthRoutes(options: HealthOptions): Middleware {
  const timeoutMs = options.timeoutMs ?? READINESS_CHECK_TIMEOUT_MS;
  let lastFailed: string | undefined;
  const ready: Middleware = async (ctx) => {
    if (options.stopping?.aborted) throw new AtelierError('RESOURCE_UNAVAILABLE', 'Not ready: stopping');
    const results = await runChecks(options.checks, timeoutMs);
    const failed = results.filter((r) => r.error !== undefined);
    const summary = failed.map((r) => r.name).join(', ');
    if (summary !== (lastFailed ?? '')) {
      if (failed.length > 0) options.logger.warn({ failed: failed.map(explain) }, 'not ready');
      else if (lastFailed !== undefined) options.logger.info('ready again');
    }
    lastFailed = summary;
    if (failed.length > 0)
      throw new AtelierError('RESOURCE_UNAVAILABLE', `Not ready: ${summary} not answering`);
    ctx.body = { status: 'ready', checks: Object.fromEntries(results.map((r) => [r.name, 'ok'])) };
  };
  const live: Middleware = (ctx) => {
    ctx.body = { status: 'ok' };
  };
  const serve = (handler: Middleware) => compose([requestId(), errorEnvelope(options), noStore, handler]);
  const routes: Record<string, Middleware> = { [LIVENESS_PATH]: serve(live), [READINESS_PATH]: serve(ready) };
  // Not async: every other request passes through, and costs no promise here.
  return function healthRoute(ctx, next) {
    const route = routes[ctx.path];
    if (!route || !['GET', 'HEAD'].includes(ctx.method)) return next();
    return route(ctx, next);
  };
}

const noStore: Middleware = (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  return next();
};

interface CheckResult {
  name: string;
  error?: unknown;
}

/** Every check at once, each bounded by `timeoutMs`. */
function runChecks(checks: ReadinessChecks, timeoutMs: number): Promise<CheckResult[]> {
  return Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<CheckResult> => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([check(), late]);
        return { name };
      } catch (error) {
        return { name, error };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}

const explain = (r: CheckResult) => ({
  check: r.name,
  error: String((r.error as Error)?.message ?? r.error),
});
