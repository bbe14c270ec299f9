import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../core/config';
import type { Database } from '../adapters/db/schema';

/** Everything the API needs from the outside, passed in by the entry point (or a test). */
export interface ApiDeps {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  rateLimiter: RateLimiterAbstract;
}
