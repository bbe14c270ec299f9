import { loadConfig, ConfigError } from '../core/config';
import { READINESS_CHECK_TIMEOUT_MS } from '../core/limits';
import { databaseAnswers } from '../adapters/db/answers';
import { createLogger } from '../adapters/logger';
import { startTracing } from '../adapters/telemetry/tracing';
import { openServices } from '../adapters/services';
import { startHealthServer } from '../api/health-server';
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
  const running = await startWorkers(config, services, logger, config.TEMPORAL_ADDRESS, {
    tracing,
    queues: config.WORKER_QUEUES,
    shutdownGraceMs: config.WORKER_SHUTDOWN_GRACE_SECONDS * 1000,
    mediaConcurrency: config.MEDIA_CONCURRENCY,
  });
  const taskQueues = running.workers.map((w) => w.options.taskQueue);
  logger.info({ taskQueues }, 'worker running');
  // Its listeners: metrics (its own and the Temporal runtime's, for Prometheus) and probes (docs/operations.md).
  const metrics = await startMetricsServer(config, services.metrics, logger);
  if (metrics) logger.info({ url: metrics.url }, 'metrics listening');
  const stopping = new AbortController();
  const health = await startHealthServer(config, {
    checks: {
      database: () => databaseAnswers(services.database.db),
      temporal: () => running.answers(READINESS_CHECK_TIMEOUT_MS / 2),
    },
    stopping: stopping.signal,
    logger,
  });
  if (health) logger.info({ url: health.url }, 'health probes listening');
  const stop = () => {
    stopping.abort();
    void running.shutdown();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await running.done;
  await health?.close();
  await metrics?.close();
  await services.close();
  // After the workers: the last workflow and activity spans are ended by then.
  await tracing?.shutdown();
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
