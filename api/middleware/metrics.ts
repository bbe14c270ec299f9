import type { Context, Middleware } from 'koa';
import type { Metrics } from '../../adapters/telemetry/metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * What api/app.ts serves outside its routers, as the labels its requests are counted under: a file under
 * /cdn/ or a tRPC batch is `/cdn/*` or `/trpc/*`, never its own series.
 */
const MOUNTS = ['/', '/mcp', '/llms.txt', '/metrics', '/console', '/console/*', '/trpc/*', '/cdn/*'];

/**
 * Times every request by method, route template and status (atelier_http_request_duration_seconds, whose
 * _count counts them). The route is the template a router matched (`/v1/runs/:runId`),
 * a mount of the app, or `unmatched`: a raw path would make a series per id, and a scanner one per probe.
 */
export function httpMetrics(
  metrics: Pick<Metrics, 'httpRequest'>,
  templateOf: (ctx: Context) => string | null,
): Middleware {
  return async function httpMetricsMiddleware(ctx, next) {
    const started = performance.now();
    let status = 500;
    try {
      await next();
      status = ctx.status;
    } catch (err) {
      status = (err as { status?: number }).status ?? 500;
      throw err;
    } finally {
      metrics.httpRequest(
        {
          method: METHODS.has(ctx.method) ? ctx.method : 'OTHER',
          route: templateOf(ctx) ?? mountOf(ctx.path),
          status,
        },
        (performance.now() - started) / 1000,
      );
    }
  };
}

/** The mount of the app a request outside the routers went to, or `unmatched`. */
function mountOf(path: string): string {
  return (
    MOUNTS.find((mount) => (mount.endsWith('/*') ? path.startsWith(mount.slice(0, -1)) : path === mount)) ??
    'unmatched'
  );
}
