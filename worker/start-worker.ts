import { NativeConnection, type Worker, type WorkflowBundleOption } from '@temporalio/worker';
import type { Logger } from 'pino';
import type { Config } from '../core/config';
import { sweepMediaTempDirs } from '../adapters/media/temp-dirs';
import type { Services } from '../adapters/services';
import { temporalCoreMetrics } from '../adapters/telemetry/temporal-core-metrics';
import { createActivities, type ActivityDeps } from '../activities';
import { connectionSecurity } from '../adapters/temporal/connection-security';
import { namespaceAnswers } from '../adapters/temporal/namespace-answers';
import { createWorkers, type WorkerQueue } from './create-workers';
import type { WorkerTracing } from './tracing';
import { installRuntime } from './runtime-metrics';

export interface RunningWorkers {
  workers: Worker[];
  /** Settles when every worker has stopped. */
  done: Promise<void>;
  /** Resolves while every worker runs and Temporal answers within `timeoutMs` (readiness, api/health.ts). */
  answers(timeoutMs: number): Promise<void>;
  shutdown(): Promise<void>;
}

export interface StartWorkersOptions {
  workflowBundle?: WorkflowBundleOption;
  tracing?: WorkerTracing | null;
  /** The worker process's WORKER_QUEUES; both queues when omitted (npm start, tests). */
  queues?: readonly WorkerQueue[];
  /** The worker process's WORKER_SHUTDOWN_GRACE_SECONDS; running activities are cancelled at once when omitted. */
  shutdownGraceMs?: number;
  /** The worker process's MEDIA_CONCURRENCY; the number of cores when omitted. */
  mediaConcurrency?: number;
}

/**
 * Connects to Temporal, builds the activities over the opened services and runs the task queues (both
 * unless `queues` says otherwise), after removing the scratch folders of workers that were killed
 * (adapters/media/temp-dirs.ts).
 */
export async function startWorkers(
  config: Config,
  services: Services,
  logger: Logger,
  address: string,
  options: StartWorkersOptions = {},
): Promise<RunningWorkers> {
  // The runtime's own metrics (task slots, schedule-to-start ...) join this process's /metrics.
  const runtimeMetrics = await installRuntime(config, logger);
  if (runtimeMetrics) services.metrics.include('temporal', temporalCoreMetrics(runtimeMetrics));
  await sweepMediaTempDirs().then(
    (swept) => swept.length > 0 && logger.info({ swept }, 'removed temp folders of stopped workers'),
    (err: unknown) => logger.warn({ err }, 'could not sweep temp folders of stopped workers'),
  );
  const connection = await NativeConnection.connect({ address, ...connectionSecurity(config) });
  const activities = createActivities(activityDeps(config, services, logger));
  const workers = await createWorkers({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TASK_QUEUE,
    mediaTaskQueue: config.MEDIA_TASK_QUEUE,
    activities,
    workflowBundle: options.workflowBundle,
    tracing: options.tracing,
    queues: options.queues,
    shutdownGraceMs: options.shutdownGraceMs,
    mediaConcurrency: options.mediaConcurrency,
  });
  const done = Promise.all(workers.map((w) => w.run())).then(() => connection.close());
  return {
    workers,
    done,
    async answers(timeoutMs) {
      const stopped = workers.filter((w) => w.getState() !== 'RUNNING');
      if (stopped.length > 0)
        throw new Error(
          `worker of ${stopped.map((w) => w.options.taskQueue).join(', ')} is ${stopped[0].getState()}`,
        );
      await namespaceAnswers(connection, config.TEMPORAL_NAMESPACE, timeoutMs);
    },
    async shutdown() {
      for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
      await done;
    },
  };
}

/** What activities need, taken from the opened services and the configuration. */
export function activityDeps(config: Config, services: Services, logger: Logger): ActivityDeps {
  return {
    db: services.database.db,
    storage: services.storage,
    bus: services.bus,
    models: services.models,
    costs: services.costs,
    logger,
    allowHosts: config.SAFE_FETCH_ALLOW_HOSTS,
    signingKey: services.signingKey,
    metrics: services.metrics,
  };
}
