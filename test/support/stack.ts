import request from 'supertest';
import type { Models } from '../../adapters/models/providers';
import type { ApiDeps } from '../../api/deps';
import { startApiStack, type ApiStack } from '../../scripts/dev-stack/stack';
import { startWorkers, type RunningWorkers } from '../../worker/start-worker';
import { testLogger } from './logger';
import { testTemporalAddress, testWorkflowBundlePath } from './temporal';

export interface TestStack extends ApiStack {
  http: ReturnType<typeof request>;
  /** The workers, when started; `stopWorkers`/`startWorkers` simulate a worker crash and restart. */
  workers: RunningWorkers | null;
  startWorkers(): Promise<void>;
  stopWorkers(): Promise<void>;
}

export interface TestStackOptions {
  config?: Record<string, string>;
  models?: Models;
  /** Events through PostgreSQL LISTEN/NOTIFY instead of memory. */
  pgBus?: boolean;
  workers?: boolean;
  /** Replaces API dependencies (a failing database, a fake engine ...). */
  deps?: Partial<ApiDeps>;
}

/**
 * The whole service over real components: the API stack of scripts/dev-stack (a fresh PostgreSQL
 * database, fs storage in a temp folder, task queues of its own) wired to the run's Temporal dev
 * server, workers with the real activities, and the Koa app under supertest.
 */
export async function createTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const { workers, ...apiOptions } = options;
  const base = await startApiStack({
    ...apiOptions,
    temporalAddress: testTemporalAddress(),
    logger: testLogger,
  });
  const stack: TestStack = {
    ...base,
    http: request(base.app.callback()),
    workers: null,
    async startWorkers() {
      stack.workers = await startWorkers(base.config, base.services, testLogger, testTemporalAddress(), {
        workflowBundle: { codePath: testWorkflowBundlePath() },
      });
    },
    async stopWorkers() {
      await stack.workers?.shutdown();
      stack.workers = null;
    },
    async close() {
      await stack.stopWorkers();
      await base.close();
    },
  };
  if (workers !== false) await stack.startWorkers();
  return stack;
}
