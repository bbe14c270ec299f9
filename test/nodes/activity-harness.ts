import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import type { ActivityDeps } from '../../activities/deps';
import type { Models } from '../../adapters/models/providers';
import type { PlanNode } from '../../core/graph/plan';
import type { NodeTask } from '../../core/run/run-types';
import { NODE_DEFINITIONS } from '../../nodes/definitions';
import { activityDeps } from '../../worker/start-worker';
import { testLogger } from '../support/logger';
import { startAppRun } from '../support/runs';
import { createTestStack, type TestStack } from '../support/stack';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

export interface NodeActivityHarness {
  stack: TestStack;
  deps: ActivityDeps;
  /** The run that owns what the activities store. */
  runId: string;
  /** A task of one node of the harness's run, its config parsed by the node type's schema as the compiler does. */
  task(node: Pick<PlanNode, 'type' | 'config'> & Partial<PlanNode>, variation?: number): NodeTask;
  /** A mock activity Context: its `heartbeat` events and `cancel()` are what a worker would see and do. */
  environment(): MockActivityEnvironment;
  /** Runs an activity in `environment` (a fresh one by default), typed by the activity's own signature. */
  run<A extends unknown[], R>(
    activity: (...args: A) => Promise<R>,
    args: A,
    environment?: MockActivityEnvironment,
  ): Promise<R>;
  close(): Promise<void>;
}

/**
 * Node activities over the test stack's real database and storage (no workers), with `models` in place of
 * the providers, and a run (started through the API) that owns the assets they write.
 */
export async function nodeActivityHarness(models?: Models): Promise<NodeActivityHarness> {
  const stack = await createTestStack({ workers: false, models });
  const owner = stack.users.owner;
  const runId = await startAppRun(stack, owner, QUOTE_CARD, { quote: 'Make it simple', palette: 'Dark' });
  return {
    stack,
    deps: activityDeps(stack.config, stack.services, testLogger),
    runId,
    task: (node, variation = 1) => {
      const { produces, config } = NODE_DEFINITIONS[node.type];
      return {
        runId,
        workspaceId: owner.workspaceId,
        revision: 1,
        variation,
        node: {
          id: 'node',
          label: 'Node',
          parents: [],
          produces: produces === 'passthrough' ? 'text' : produces,
          ...node,
          config: config.parse(node.config) as Record<string, unknown>,
        },
        parents: [],
      };
    },
    environment: quietEnvironment,
    run: (activity, args, environment = quietEnvironment()) => environment.run(activity, ...args),
    close: () => stack.close(),
  };
}

/** The tests fail activities on purpose: keep the SDK's per-failure warnings out of the output. */
const quietEnvironment = () => new MockActivityEnvironment(undefined, { logger: new DefaultLogger('ERROR') });
