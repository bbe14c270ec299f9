import { loadConfig, ConfigError } from '../core/config';
import { createLogger } from '../adapters/logger';
import { openServices } from '../adapters/services';
import { startWorkers } from './start-worker';

/** The worker process of a scaled deployment: TEMPORAL_ADDRESS and DATABASE_URL are required. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.TEMPORAL_ADDRESS || !config.DATABASE_URL)
    throw new ConfigError(
      'worker: set TEMPORAL_ADDRESS and DATABASE_URL (npm start runs everything embedded)',
    );
  const logger = createLogger(config, 'atelier-worker');
  const services = await openServices(config, logger);
  const running = await startWorkers(config, services, logger, config.TEMPORAL_ADDRESS);
  logger.info({ taskQueues: [config.TASK_QUEUE, config.MEDIA_TASK_QUEUE] }, 'worker running');
  const stop = () => void running.shutdown();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await running.done;
  await services.close();
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
