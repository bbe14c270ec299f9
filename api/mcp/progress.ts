import type { RunView } from '../../core/run/present-run';
import type { NodeEvent } from '../../core/run/node-events';
import { watchRunChanges } from '../commands/follow-run';
import type { ToolContext } from './tool';

const ENDED = ['completed', 'failed', 'skipped', 'cancelled'];

/** Two steps per node (started, ended): grows with every node event of one revision. */
function steps(run: RunView): number {
  return run.nodes.reduce(
    (sum, n) => sum + (ENDED.includes(n.status) ? 2 : n.status === 'queued' ? 0 : 1),
    0,
  );
}

const describe = (events: NodeEvent[], run: RunView) =>
  events.length > 0
    ? events.map((e) => `${e.type.slice(5).replace('_', ' ')}: ${e.data.node.label}`).join('; ')
    : `run ${run.status}`;

/**
 * Does `work` while reporting the run's progress to the client from its events (the bus, as SSE does):
 * each change is one MCP progress notification, `progress` of `total` = two steps per node, with the node
 * events as message. Progress only grows (the protocol asks it), so a refinement's reset is not sent.
 */
export async function withRunProgress<T>(
  context: ToolContext,
  runId: string,
  work: () => Promise<T>,
): Promise<T> {
  let sent = -1;
  const watch = watchRunChanges(
    context.deps,
    runId,
    (run, events) => {
      const progress = steps(run);
      if (progress <= sent) return;
      sent = progress;
      context.progress(progress, run.nodes.length * 2, describe(events, run)).catch(() => undefined);
    },
    () => undefined,
  );
  watch.refresh();
  try {
    return await work();
  } finally {
    watch.stop();
  }
}
