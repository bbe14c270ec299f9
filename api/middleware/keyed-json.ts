import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { JSON_BODY_LIMIT_BYTES } from '../../core/limits';
import type { ApiDeps } from '../deps';
import { authenticate } from './auth';
import { errorEnvelope } from './errors';
import { jsonBodiesOnly } from './json-only';
import { rateLimit } from './rate-limit';
import { requestId } from './request-id';

/** What every keyed request passes first: request id, the error envelope, the rate limit, the API key. */
export function keyedChecks(deps: ApiDeps): Middleware[] {
  return [
    requestId(),
    errorEnvelope({ logger: deps.logger }),
    rateLimit({ limiter: deps.rateLimiter }),
    authenticate({ db: deps.db, cacheMs: deps.config.API_KEY_CACHE_MS }),
  ];
}

/** JSON bodies only, of at most 1 MiB, parsed. */
export function jsonBodies(): Middleware[] {
  return [
    jsonBodiesOnly(),
    bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT_BYTES, encoding: 'utf-8' }),
  ];
}

/** The chain every keyed JSON endpoint starts with (/v1 and /mcp): the keyed checks, then the body. */
export function keyedJson(deps: ApiDeps): Middleware[] {
  return [...keyedChecks(deps), ...jsonBodies()];
}
