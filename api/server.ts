import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { Redis } from 'ioredis';
import type { Config } from '../core/config';
import { RATE_LIMIT_WINDOW_MS } from '../core/limits';
import type { Services } from '../adapters/services';
import type { RunEngine } from '../adapters/temporal/run-engine';
import { createApp } from './app';
import { createPublishing } from '../adapters/channels';
import { openAiChat } from '../adapters/models/openai-chat';
import { createRateLimiter } from './middleware/rate-limit';

/** Builds the API over opened services and listens; resolves once the port is bound. */
export async function startApiServer(
  config: Config,
  services: Services,
  engine: RunEngine,
  logger: Logger,
  extra: { temporalUiUrl?: string } = {},
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  redis?.on('error', (err) => logger.warn({ err }, 'redis unavailable; rate limiting falls back to memory'));
  const app = createApp({
    config,
    db: services.database.db,
    logger,
    rateLimiter: createRateLimiter({
      points: config.RATE_LIMIT_PER_MINUTE,
      windowMs: RATE_LIMIT_WINDOW_MS,
      redis,
    }),
    engine,
    bus: services.bus,
    storage: services.storage,
    costs: services.costs,
    signingKey: services.signingKey,
    publishing: createPublishing(config),
    chat: openAiChat(config),
    temporalUiUrl: extra.temporalUiUrl,
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  return {
    server,
    url: `http://${host}:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis?.disconnect();
    },
  };
}
