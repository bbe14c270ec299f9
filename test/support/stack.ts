import type { WorkflowBundleOption } from '@temporalio/worker';
import type { Logger } from 'pino';
import type { Models } from '../../adapters/models/providers';
import type { Tracing } from '../../adapters/telemetry/tracing';
import type { ApiDeps } from '../../api/deps';
import { startApiStack, type ApiStack } from '../../scripts/dev-stack/stack';
import { startWorkers, type RunningWorkers } from '../../worker/start-worker';
import { checkedRequest, servedContract, type CheckedAgent, type Contract } from './contract';
import { testLogger } from './logger';
import { testTemporalAddress, testWorkflowBundlePath } from './temporal';

export interface TestStack extends ApiStack {
  /** supertest over the app; every response is checked against the served OpenAPI document. */
  http: CheckedAgent;
  /** That document as a validator, for tests that build an app of their own (`checkedRequest`). */
  contract: Contract;
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
  /** API and workers log here instead of the silent test logger. */
  logger?: Logger;
  /** Traces API, workflows and activities; needs a `workflowBundle` bundled with tracing. */
  tracing?: Tracing;
  /** The workflow code the workers run; the run's shared bundle (without tracing) by default. */
  workflowBundle?: WorkflowBundleOption;
}

/**
 * The whole service over real components: the API stack of scripts/dev-stack (a fresh PostgreSQL
 * database, fs storage in a temp folder, task queues of its own) wired to the run's Temporal dev
 * server, workers with the real activities, and the Koa app under supertest.
 */
export async function createTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const { workers, logger = testLogger, workflowBundle, ...apiOptions } = options;
  // Whole apps speak with espeak-ng in tests: Piper is slower under load; tests about Piper ask for it.
  const config = { LOCAL_VOICE: 'espeak', ...apiOptions.config };
  const base = await startApiStack({ ...apiOptions, config, temporalAddress: testTemporalAddress(), logger });
  const contract = await servedContract(base.app, base.users.owner.key);
  const stack: TestStack = {
    ...base,
    http: checkedRequest(base.app, contract),
    contract,
    workers: null,
    async startWorkers() {
      stack.workers = await startWorkers(base.config, base.services, logger, testTemporalAddress(), {
        workflowBundle: workflowBundle ?? { codePath: testWorkflowBundlePath() },
        tracing: options.tracing,
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
