import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { JSON_BODY_LIMIT_BYTES } from '../../core/limits';
import type { ApiDeps } from '../deps';
import { authenticate } from './auth';
import { errorEnvelope } from './errors';
import { jsonBodiesOnly } from './json-only';
import { rateLimit } from './rate-limit';
import { requestId } from './request-id';

/**
 * The chain every keyed JSON endpoint starts with (/v1 and /mcp): request id, the error envelope, the
 * rate limit, the API key, then JSON bodies only, of at most 1 MiB.
 */
export function keyedJson(deps: ApiDeps): Middleware[] {
  return [
    requestId(),
    errorEnvelope({ logger: deps.logger }),
    rateLimit({ limiter: deps.rateLimiter }),
    authenticate({ db: deps.db, cacheMs: deps.config.API_KEY_CACHE_MS }),
    jsonBodiesOnly(),
    bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT_BYTES, encoding: 'utf-8' }),
  ];
}
