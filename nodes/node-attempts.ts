import { Context } from '@temporalio/activity';
import type { ActivityDeps } from '../activities/deps';
import { recordNodeAttempt } from '../adapters/db/runs';

/** What every node activity is given: a NodeTask (`node.id`) or quality.check's input (`nodeId`). */
interface NodeActivityInput {
  runId: string;
  revision: number;
  node?: { id: string };
  nodeId?: string;
}

/**
 * The node activities, each recording Temporal's attempt number on its node when it is a retry
 * (`Info.attempt` > 1: the first try failed, timed out or its worker went away), so a node's `attempts`
 * says how often it really ran. The workflow cannot see the attempt; the first try writes nothing.
 */
export function countNodeAttempts<A extends Record<string, (input: never) => Promise<unknown>>>(
  deps: Pick<ActivityDeps, 'db'>,
  activities: A,
): A {
  const counted = Object.entries(activities).map(([name, activity]) => [
    name,
    async (input: never) => {
      const attempt = Context.current().info.attempt;
      const task = input as NodeActivityInput;
      const nodeId = task.node?.id ?? task.nodeId;
      if (attempt > 1 && nodeId !== undefined)
        await recordNodeAttempt(deps.db, { runId: task.runId, nodeId, revision: task.revision, attempt });
      return activity(input);
    },
  ]);
  return Object.fromEntries(counted) as A;
}
