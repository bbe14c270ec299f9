import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import type { Logger } from 'pino';
import { AtelierError } from '../core/errors';
import type { Metrics } from '../adapters/telemetry/metrics';
import { errorEnvelope } from './middleware/errors';
import { requestId } from './middleware/request-id';

export const METRICS_PATH = '/metrics';

export interface MetricsEndpointOptions {
  metrics: Pick<Metrics, 'scrape' | 'contentType'>;
  /** METRICS_TOKEN: when set, the scraper must send `Authorization: Bearer <token>`. */
  token?: string;
  logger: Logger;
}

/**
 * GET /metrics: this process's metrics in the Prometheus text format (docs/operations.md). Outside /v1 and
 * its API keys: a scraper has no workspace. With a token, a request without it, or with another, is
 * answered 401 in the error envelope.
 */
export function metricsEndpoint(options: MetricsEndpointOptions): Middleware {
  const scrape: Middleware = async (ctx) => {
    if (options.token !== undefined) checkBearer(ctx.get('authorization'), options.token);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = options.metrics.contentType;
    ctx.body = await options.metrics.scrape();
  };
  const chain = compose([requestId(), errorEnvelope({ logger: options.logger }), scrape]);
  const serve: Middleware = async (ctx, next) => {
    await chain(ctx, next);
    if (ctx.status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
  };
  // Not async: every other request passes through, and costs no promise here.
  return function metricsRoute(ctx, next) {
    if (ctx.path !== METRICS_PATH || !['GET', 'HEAD'].includes(ctx.method)) return next();
    return serve(ctx, next);
  };
}

function checkBearer(authorization: string, token: string): void {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (presented === undefined)
    throw new AtelierError('AUTH_MISSING_KEY', 'Missing metrics token: send Authorization: Bearer <token>');
  if (!sameSecret(presented, token)) throw new AtelierError('AUTH_INVALID_KEY', 'Invalid metrics token');
}

/** Compares digests, so neither the time taken nor an early length mismatch says how much of it matched. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
