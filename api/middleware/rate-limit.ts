import type { Middleware } from 'koa';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { AtelierError } from '../../core/errors';

export interface RateLimitOptions {
  points: number;
  windowMs: number;
  redis?: Redis;
  /** Redis key namespace; instances that share it share their counts. */
  keyPrefix?: string;
}

/** A limiter per IP: in memory, or in Redis (with memory as insurance when Redis fails). */
export function createRateLimiter(options: RateLimitOptions): RateLimiterAbstract {
  // rate-limiter-flexible counts in whole seconds, and a duration of 0 means the window never ends.
  const duration = Math.max(1, Math.ceil(options.windowMs / 1000));
  if (!options.redis) return new RateLimiterMemory({ points: options.points, duration });
  return new RateLimiterRedis({
    storeClient: options.redis,
    keyPrefix: options.keyPrefix ?? 'atelier_rl',
    points: options.points,
    duration,
    insuranceLimiter: new RateLimiterMemory({ points: options.points, duration }),
  });
}

/** Every response carries RateLimit-* headers; a refused request gets 429 with Retry-After and retryAfter. */
export function rateLimit(options: { limiter: RateLimiterAbstract }): Middleware {
  const { limiter } = options;
  return async function rateLimitMiddleware(ctx, next) {
    let result: RateLimiterRes;
    try {
      result = await limiter.consume(ctx.ip || 'unknown');
    } catch (rejected) {
      if (!(rejected instanceof RateLimiterRes)) throw rejected;
      const retryAfter = Math.max(1, Math.ceil(rejected.msBeforeNext / 1000));
      setHeaders(ctx, limiter.points, 0, retryAfter);
      throw new AtelierError('RATE_LIMITED', 'Too many requests from this IP, try again later', {
        retryAfter,
      });
    }
    setHeaders(ctx, limiter.points, result.remainingPoints, Math.ceil(result.msBeforeNext / 1000));
    await next();
  };
}

function setHeaders(
  ctx: { set(name: string, value: string): void },
  limit: number,
  remaining: number,
  resetSeconds: number,
) {
  ctx.set('RateLimit-Limit', String(limit));
  ctx.set('RateLimit-Remaining', String(Math.max(0, remaining)));
  ctx.set('RateLimit-Reset', String(Math.max(0, resetSeconds)));
}
