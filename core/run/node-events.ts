import type { NodeEventType, Run, RunNodeEvent } from '../responses/runs';

export interface NodeEvent {
  type: NodeEventType;
  data: RunNodeEvent;
}

const ENDINGS: Partial<Record<Run['nodes'][number]['status'], NodeEventType>> = {
  completed: 'node.completed',
  failed: 'node.failed',
  awaiting_approval: 'node.awaiting_approval',
};

/**
 * The node events between two snapshots of a run, in plan order.
 * 1. No earlier snapshot (a client just connected): none; the Run itself says where every node stands.
 * 2. `node.started` when a node's `startedAt` is new, also when it finished before the next snapshot
 *    was read (snapshots are read after each change, so a quick node may show only its end).
 * 3. `node.completed`, `node.failed`, `node.awaiting_approval` when its status became that one.
 */
export function nodeEvents(previous: Run | null, next: Run): NodeEvent[] {
  if (!previous) return [];
  const before = new Map(previous.nodes.map((n) => [n.id, n]));
  const events: NodeEvent[] = [];
  const event = (type: NodeEventType, node: Run['nodes'][number]): NodeEvent => ({
    type,
    data: { runId: next.runId, revision: next.revision, node, awaitingApproval: next.awaitingApproval },
  });
  for (const node of next.nodes) {
    const old = before.get(node.id);
    if (node.startedAt && (node.startedAt !== old?.startedAt || node.revision !== old?.revision))
      events.push(event('node.started', node));
    const ending = ENDINGS[node.status];
    if (ending && (node.status !== old?.status || node.revision !== old?.revision))
      events.push(event(ending, node));
  }
  return events;
}
