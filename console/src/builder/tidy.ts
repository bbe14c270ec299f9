import { Graph, layout } from '@dagrejs/dagre';
import type { GraphEdge } from '../lib/types';
import type { Point, Rect } from './placement';

/**
 * "Tidy up": a layered left-to-right layout of the graph (dagre), every node at its measured size, the
 * whole kept where the graph's top-left corner was. Answers each node's new top-left position.
 */
export function tidyPositions(nodes: (Rect & { id: string })[], edges: GraphEdge[]): Map<string, Point> {
  const g = new Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 40, ranksep: 80, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: n.width, height: n.height });
  for (const e of edges) if (g.hasNode(e.source) && g.hasNode(e.target)) g.setEdge(e.source, e.target);
  layout(g);
  const origin = {
    x: nodes.length ? Math.min(...nodes.map((n) => n.x)) : 0,
    y: nodes.length ? Math.min(...nodes.map((n) => n.y)) : 0,
  };
  const positions = new Map<string, Point>();
  for (const n of nodes) {
    const { x, y } = g.node(n.id);
    positions.set(n.id, {
      x: Math.round(origin.x + x - n.width / 2),
      y: Math.round(origin.y + y - n.height / 2),
    });
  }
  return positions;
}
