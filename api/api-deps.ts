import type { Tracer } from '@opentelemetry/api';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../core/config';
import { RATE_LIMIT_WINDOW_MS } from '../core/limits';
import { createPublishing } from '../adapters/channels';
import { createRunViewCache } from '../adapters/events/run-view-cache';
import { loadRunView } from '../adapters/db/run-view';
import { openAiChat } from '../adapters/models/openai-chat';
import type { Services } from '../adapters/services';
import type { RunEngine } from '../adapters/temporal/run-engine';
import type { ApiDeps } from './deps';
import { createRateLimiter } from './middleware/rate-limit';

/** The API's dependencies over opened services: what the HTTP server and the stdio MCP server run on. */
export function buildApiDeps(
  config: Config,
  services: Services,
  engine: RunEngine,
  logger: Logger,
  extra: { redis?: Redis; temporalUiUrl?: string; draining?: AbortSignal; tracer?: Tracer } = {},
): ApiDeps {
  return {
    config,
    db: services.database.db,
    logger,
    rateLimiter: createRateLimiter({
      points: config.RATE_LIMIT_PER_MINUTE,
      windowMs: RATE_LIMIT_WINDOW_MS,
      redis: extra.redis,
    }),
    engine,
    bus: services.bus,
    runViews: createRunViewCache(
      (runId, workspaceId) => loadRunView(services.database.db, runId, workspaceId),
      services.bus,
    ),
    storage: services.storage,
    costs: services.costs,
    signingKey: services.signingKey,
    metrics: services.metrics,
    publishing: createPublishing(config),
    chat: openAiChat(config),
    temporalUiUrl: extra.temporalUiUrl,
    draining: extra.draining,
    tracer: extra.tracer,
  };
}
