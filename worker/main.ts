import { loadConfig, ConfigError } from '../core/config';
import { createLogger } from '../adapters/logger';
import { startTracing } from '../adapters/telemetry/tracing';
import { openServices } from '../adapters/services';
import { startMetricsServer } from '../api/metrics-server';
import { startWorkers } from './start-worker';

/** The worker process of a scaled deployment: TEMPORAL_ADDRESS and DATABASE_URL are required. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.TEMPORAL_ADDRESS || !config.DATABASE_URL)
    throw new ConfigError(
      'worker: set TEMPORAL_ADDRESS and DATABASE_URL (npm start runs everything embedded)',
    );
  const logger = createLogger(config, 'atelier-worker');
  const tracing = startTracing('atelier-worker', logger);
  const services = await openServices(config, logger);
  const running = await startWorkers(config, services, logger, config.TEMPORAL_ADDRESS, { tracing });
  logger.info({ taskQueues: [config.TASK_QUEUE, config.MEDIA_TASK_QUEUE] }, 'worker running');
  // The worker's only listener: its metrics and the Temporal runtime's, for Prometheus (docs/operations.md).
  const metrics = await startMetricsServer(config, services.metrics, logger);
  if (metrics) logger.info({ url: metrics.url }, 'metrics listening');
  const stop = () => void running.shutdown();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await running.done;
  await metrics?.close();
  await services.close();
  // After the workers: the last workflow and activity spans are ended by then.
  await tracing?.shutdown();
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
