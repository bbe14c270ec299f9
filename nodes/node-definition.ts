import type { ActivityOptions, RetryPolicy } from '@temporalio/common';
import type { NodeTypeSpec } from '../core/graph/node-types';
import type { ProviderName } from '../core/model-providers';
import { CALLER_FAILURE_TYPES } from '../core/run/failure-types';

/** A node type's activity: its registered name and how the workflow schedules it. */
export interface NodeActivity {
  /** The activity type Temporal records in every history: renaming it breaks the replay of runs in flight. */
  name: string;
  /** Timeouts and retries; the task queue follows the definition's `queue` (`media`: the media queue). */
  options: Omit<ActivityOptions, 'taskQueue'>;
  /**
   * The providers on which the work is cheap and in-process (milliseconds, no network): on them the workflow
   * runs the node as a local activity, its transitions recorded inside it, with no server round trip.
   */
  localOn?: readonly ProviderName[];
}

/**
 * Everything the compiler, the capability deriver and the interpreter workflow know of a node type: pure data
 * (zod and types only), so the workflow bundle imports it. The activity that implements it is elsewhere in
 * the node type's folder (`activity.ts`), built by the worker.
 */
export interface NodeDefinition extends NodeTypeSpec {
  /**
   * How the interpreter runs a node of this type:
   * - `activity`: its activity turns a NodeTask into the node's output;
   * - `quality-gate`: its activity scores the parent's output, and the workflow runs the parent again while
   *   the score is below the threshold;
   * - `await-approval`: the workflow waits for the `approval` update;
   * - `forward`: the workflow hands the single parent's output on.
   */
  execution: 'activity' | 'quality-gate' | 'await-approval' | 'forward';
  activity: NodeActivity | null;
}

/** Provider and media work: three attempts with backoff; what the caller caused is never retried. */
export const PROVIDER_RETRY: RetryPolicy = {
  initialInterval: '1s',
  backoffCoefficient: 2,
  maximumInterval: '30s',
  maximumAttempts: 3,
  nonRetryableErrorTypes: CALLER_FAILURE_TYPES,
};

/** What the node types the workflow runs itself share: one parent, whose output they hand on, and no activity. */
export const WORKFLOW_ONLY_NODE = {
  produces: 'passthrough',
  generation: false,
  queue: 'none',
  produceTag: null,
  minParents: 1,
  maxParents: 1,
  activity: null,
} as const;
