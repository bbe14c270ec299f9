import { createServer } from 'node:http';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../core/config';
import { listenAt } from './http-server';
import { metricsEndpoint, type MetricsEndpointOptions } from './metrics-endpoint';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * /metrics on a listener of its own when METRICS_PORT is set (on HOST; 0 takes any free port): the worker
 * process's only HTTP surface, and the API's when its metrics should not share the public port. Null
 * when it is not set: the API then serves /metrics itself (api/app.ts), a worker not at all.
 */
export async function startMetricsServer(
  config: Pick<Config, 'HOST' | 'METRICS_PORT' | 'METRICS_TOKEN'>,
  metrics: MetricsEndpointOptions['metrics'],
  logger: Logger,
): Promise<MetricsServer | null> {
  if (config.METRICS_PORT === undefined) return null;
  const app = new Koa();
  app.use(metricsEndpoint({ metrics, token: config.METRICS_TOKEN, logger }));
  const server = createServer(app.callback());
  const base = await listenAt(server, config.METRICS_PORT, config.HOST);
  return {
    url: `${base}/metrics`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A scraper keeps its connection open between scrapes: nothing in flight is worth waiting for.
      server.closeAllConnections();
      await closed;
    },
  };
}
