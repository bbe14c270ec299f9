import { warmEmbeddings } from './commands/semantic-scorer';
import type { Server } from 'node:http';
import type { Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { Redis } from 'ioredis';
import type { Config } from '../core/config';
import type { Services } from '../adapters/services';
import type { RunEngine } from '../adapters/temporal/run-engine';
import { buildApiDeps } from './api-deps';
import { createApp } from './app';
import { createApiHttpServer, listenAt } from './http-server';
import { drainServer } from './drain';
import { startMetricsServer } from './metrics-server';
import { startRunStarter } from './run-starter';

/** Builds the API over opened services and listens; resolves once the port is bound. */
export async function startApiServer(
  config: Config,
  services: Services,
  engine: RunEngine,
  logger: Logger,
  extra: { temporalUiUrl?: string; tracer?: Tracer } = {},
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  redis?.on('error', (err) => logger.warn({ err }, 'redis unavailable; rate limiting falls back to memory'));
  const draining = new AbortController();
  const deps = buildApiDeps(config, services, engine, logger, {
    redis,
    temporalUiUrl: extra.temporalUiUrl,
    draining: draining.signal,
    tracer: extra.tracer,
  });
  const app = createApp(deps);
  void warmEmbeddings(config, logger);
  const server = createApiHttpServer(app.callback());
  const url = await listenAt(server, config.PORT, config.HOST);
  const metrics = await startMetricsServer(config, deps.metrics, logger);
  // Completes accepted runs whose workflow start Temporal had not confirmed (api/run-starter.ts).
  const starter = startRunStarter(deps);
  return {
    server,
    url,
    async close() {
      await starter.stop();
      // Streams and waits are answered, requests in flight may finish (api/drain.ts).
      await drainServer(server, draining);
      await metrics?.close();
      redis?.disconnect();
    },
  };
}
