import { CancelledFailure } from '@temporalio/activity';
import type { ActivityDeps } from '../activities/deps';
import { providerOf } from '../adapters/models/providers';
import type { NodeRunLabels } from '../adapters/telemetry/metrics';
import { providerOfNode } from '../core/model-providers';
import type { NodeOutput, NodeTask } from '../core/run/run-types';
import { NODE_DEFINITIONS, NODE_TYPE_NAMES } from './definitions';

/** The node type each registered activity belongs to. */
const NODE_TYPE_OF_ACTIVITY = new Map(
  NODE_TYPE_NAMES.flatMap((type) => {
    const activity = NODE_DEFINITIONS[type].activity;
    return activity ? [[activity.name as string, type] as const] : [];
  }),
);

type TimingDeps = Pick<ActivityDeps, 'metrics' | 'models'>;

/**
 * The node activities, each attempt timed into atelier_node_duration_seconds by node type, provider and
 * status. Activities only: the workflow never sees the clock. `deps` is read when an activity runs.
 */
export function timeNodeActivities<A extends Record<string, (input: never) => Promise<unknown>>>(
  deps: TimingDeps,
  activities: A,
): A {
  const timed = Object.entries(activities).map(([name, activity]) => {
    const type = NODE_TYPE_OF_ACTIVITY.get(name);
    if (!type) throw new Error(`activity ${name} belongs to no node type`);
    return [name, timedActivity(deps, type, activity)];
  });
  return Object.fromEntries(timed) as A;
}

function timedActivity(deps: TimingDeps, type: string, activity: (input: never) => Promise<unknown>) {
  return async (input: never) => {
    const started = performance.now();
    const observe = (status: NodeRunLabels['status'], output?: unknown) =>
      deps.metrics.nodeRan(
        { type, provider: providerOfAttempt(deps, input, output), status },
        (performance.now() - started) / 1000,
      );
    try {
      const output = await activity(input);
      observe('completed', output);
      return output;
    } catch (err) {
      observe(err instanceof CancelledFailure ? 'cancelled' : 'failed');
      throw err;
    }
  };
}

/**
 * The provider an attempt ran on: the one its output names (what it is charged at), else the node's own
 * choice, else the configured one of its kind; `none` for work no provider does (image.edit, quality.check).
 */
function providerOfAttempt(deps: TimingDeps, input: unknown, output: unknown): string {
  const made = (output as Partial<NodeOutput> | undefined)?.metadata?.provider;
  if (made) return made;
  const node = (input as Partial<NodeTask>).node;
  const configured = {
    text: providerOf(deps.models.text.name),
    image: providerOf(deps.models.image.name),
    video: providerOf(deps.models.video.name),
    speech: providerOf(deps.models.speech.name),
  };
  return (node && providerOfNode(node, configured)) ?? 'none';
}
