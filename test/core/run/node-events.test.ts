import { exampleOf } from '../../../core/responses/common';
import { Run, type RunNode } from '../../../core/responses/runs';
import { nodeEvents } from '../../../core/run/node-events';

/**
 *   draft --> review --> out
 */
const node = (id: string, status: RunNode['status'], startedAt: string | null = null): RunNode => ({
  ...exampleOf(Run).nodes[0],
  id,
  label: id,
  status,
  startedAt,
  completedAt: null,
});
const run = (nodes: RunNode[], revision = 1): Run => ({
  ...exampleOf(Run),
  status: 'running',
  revision,
  nodes,
});
const T1 = '2026-05-04T09:30:00.000Z';
const T2 = '2026-05-04T09:30:05.000Z';

describe('nodeEvents', () => {
  test('a first snapshot has no events: the Run itself says where every node stands', () => {
    expect(nodeEvents(null, run([node('draft', 'running', T1)]))).toEqual([]);
  });

  test('a node that started, and one that ended, each give their event in plan order', () => {
    // ARRANGE
    const before = run([node('draft', 'running', T1), node('review', 'queued'), node('out', 'queued')]);
    const after = run([
      node('draft', 'completed', T1),
      node('review', 'awaiting_approval', T2),
      node('out', 'queued'),
    ]);
    // ACT
    const events = nodeEvents(before, after);
    // ASSERT
    expect(events.map((e) => `${e.type} ${e.data.node.id}`)).toEqual([
      'node.completed draft',
      'node.started review',
      'node.awaiting_approval review',
    ]);
    expect(events[0].data).toEqual({
      runId: after.runId,
      revision: 1,
      node: after.nodes[0],
      awaitingApproval: null,
    });
  });

  test('a node that started and failed between two snapshots still reports that it started', () => {
    const events = nodeEvents(run([node('draft', 'queued')]), run([node('draft', 'failed', T1)]));
    expect(events.map((e) => e.type)).toEqual(['node.started', 'node.failed']);
  });

  test('nothing changed, nothing sent', () => {
    const same = run([node('draft', 'completed', T1)]);
    expect(nodeEvents(same, same)).toEqual([]);
  });
});
