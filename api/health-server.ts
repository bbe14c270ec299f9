import { createServer } from 'node:http';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../core/config';
import { healthRoutes, type ReadinessChecks } from './health';
import { listenAt } from './http-server';

export interface HealthServer {
  url: string;
  close(): Promise<void>;
}

/**
 * /healthz and /readyz on a listener of their own when HEALTH_PORT is set (on HOST; 0 takes any free port):
 * how a worker process, which serves no API, is probed (deploy/kubernetes). Null when it is not set.
 */
export async function startHealthServer(
  config: Pick<Config, 'HOST' | 'HEALTH_PORT'>,
  options: { checks: ReadinessChecks; stopping?: AbortSignal; logger: Logger },
): Promise<HealthServer | null> {
  if (config.HEALTH_PORT === undefined) return null;
  const app = new Koa();
  app.use(healthRoutes(options));
  const server = createServer(app.callback());
  const base = await listenAt(server, config.HEALTH_PORT, config.HOST);
  return {
    url: base,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A probe's connection carries nothing worth waiting for.
      server.closeAllConnections();
      await closed;
    },
  };
}
