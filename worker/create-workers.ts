import { cpus } from 'node:os';
import {
  bundleWorkflowCode,
  Worker,
  type NativeConnection,
  type WorkflowBundleOption,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import type { Activities } from '../activities';
import { activityLogContext } from './activity-log-context';
import {
  activitySpans,
  WORKFLOW_TRACING_INTERCEPTORS,
  workflowSpanSinks,
  type WorkerTracing,
} from './tracing';

export interface WorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  mediaTaskQueue: string;
  activities: Activities;
  workflowBundle?: WorkflowBundleOption;
  /** sharp/ffmpeg jobs at once; defaults to the number of cores. */
  mediaConcurrency?: number;
  /** The queues to poll (WORKER_QUEUES); both when omitted. */
  queues?: readonly WorkerQueue[];
  /** How long a shutdown lets running activities finish before cancelling them; 0 (the SDK's default) when omitted. */
  shutdownGraceMs?: number;
  /** Spans for workflows and activities; a `workflowBundle` given with it must be bundled with tracing too. */
  tracing?: WorkerTracing | null;
}

/**
 * The workflow code bundled once per process (webpack takes seconds); with `tracing`, the workflow
 * interceptors of OpenTelemetry are bundled in (worker/tracing.ts).
 */
export function bundleWorkflows(options: { tracing?: boolean } = {}): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({
    workflowsPath: require.resolve('../workflows'),
    workflowInterceptorModules: options.tracing ? [WORKFLOW_TRACING_INTERCEPTORS] : [],
    logger: quietBundlerLogger,
  });
}

/** The two task queues a worker process may poll (WORKER_QUEUES). */
export type WorkerQueue = 'main' | 'media';

/**
 * Up to two workers on one connection: the main queue runs workflows and provider calls; the media queue
 * runs CPU-heavy sharp/ffmpeg activities with concurrency about the number of cores.
 */
export async function createWorkers(options: WorkerOptions): Promise<Worker[]> {
  const { tracing } = options;
  const queues = options.queues ?? ['main', 'media'];
  const interceptors = { activity: tracing ? [activityLogContext, activitySpans] : [activityLogContext] };
  const shared = {
    connection: options.connection,
    namespace: options.namespace,
    interceptors,
    activities: options.activities,
    shutdownGraceTime: options.shutdownGraceMs ?? 0,
  };
  const workers: Worker[] = [];
  if (queues.includes('main')) {
    const workflowBundle = options.workflowBundle ?? (await bundleWorkflows({ tracing: Boolean(tracing) }));
    workers.push(
      await Worker.create({
        ...shared,
        taskQueue: options.taskQueue,
        workflowBundle,
        sinks: tracing ? workflowSpanSinks(tracing) : undefined,
        maxConcurrentActivityTaskExecutions: 50,
      }),
    );
  }
  if (queues.includes('media'))
    workers.push(
      await Worker.create({
        ...shared,
        taskQueue: options.mediaTaskQueue,
        maxConcurrentActivityTaskExecutions: options.mediaConcurrency ?? Math.max(1, cpus().length),
        // Heartbeats are batched for up to 80% of the heartbeat timeout (24-48 s here), and a cancel only
        // reaches an activity in a heartbeat's answer: a cancelled ffmpeg job or model call would run on that long.
        maxHeartbeatThrottleInterval: '2s',
      }),
    );
  return workers;
}

/** Runs the workers until `signal` aborts, then drains them. */
export async function runWorkers(workers: Worker[]): Promise<void> {
  await Promise.all(workers.map((w) => w.run()));
}

const quietBundlerLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string, meta?: unknown) => console.warn(message, meta ?? ''),
  error: (message: string, meta?: unknown) => console.error(message, meta ?? ''),
};
