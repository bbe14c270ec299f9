import { loadConfig, ConfigError } from '../core/config';
import { createLogger } from '../adapters/logger';
import { startTracing } from '../adapters/telemetry/tracing';
import { openServices } from '../adapters/services';
import { connectionSecurity } from '../adapters/temporal/connection-security';
import { createRunEngine } from '../adapters/temporal/run-engine';
import { startApiServer } from './server';

/** The API process of a scaled deployment: stateless, any number of replicas. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.TEMPORAL_ADDRESS || !config.DATABASE_URL)
    throw new ConfigError('api: set TEMPORAL_ADDRESS and DATABASE_URL (npm start runs everything embedded)');
  const logger = createLogger(config, 'atelier-api');
  const tracing = startTracing('atelier-api', logger);
  const services = await openServices(config, logger);
  const engine = createRunEngine({
    address: config.TEMPORAL_ADDRESS,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TASK_QUEUE,
    traced: tracing !== null,
    security: connectionSecurity(config),
  });
  const api = await startApiServer(config, services, engine, logger, {
    temporalUiUrl: config.TEMPORAL_UI_URL,
    tracer: tracing?.tracer,
  });
  logger.info({ url: api.url }, 'api listening');
  let stopping = false;
  // Open waits and streams are answered before the process goes (api/drain.ts); a second signal kills it.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: draining connections');
    await api.close();
    await engine.close().catch(() => undefined);
    await services.close().catch(() => undefined);
    await tracing?.shutdown();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
