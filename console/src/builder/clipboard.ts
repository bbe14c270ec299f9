import type { GraphEdge, GraphNode } from '../lib/types';
import { newNodeId, rewriteNodeRefs } from './model';
import { freeSpot, NODE_SIZE, type Point, type Rect } from './placement';

/** What Copy keeps: the chosen nodes and the edges between them. */
export interface Clip {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export function copyNodes(nodes: GraphNode[], edges: GraphEdge[], ids: string[]): Clip | null {
  const chosen = nodes.filter((n) => ids.includes(n.id));
  if (chosen.length === 0) return null;
  return {
    nodes: structuredClone(chosen),
    edges: edges.filter((e) => ids.includes(e.source) && ids.includes(e.target)).map((e) => ({ ...e })),
  };
}

/**
 * The clip as new nodes of the graph: fresh ids (edges and `{{nodes.<id>}}` placeholders among them
 * follow), output labels kept unique, and the group moved to the nearest free spot below-right of where
 * it was copied from (in view when there is room).
 */
export function pasteClip(clip: Clip, existing: GraphNode[], sizes: Rect[], view: Rect): Clip {
  const taken = existing.map((n) => n.id);
  const ids = new Map<string, string>();
  for (const n of clip.nodes) {
    const id = newNodeId(n.type, [...taken, ...ids.values()]);
    ids.set(n.id, id);
  }
  const labels = existing.filter((n) => n.type === 'output').map((n) => String(n.config.label ?? ''));
  const origin = topLeft(clip.nodes);
  const box = boundingSize(clip.nodes);
  const wanted = { x: origin.x + 40, y: origin.y + 40 };
  const spot = freeSpot(wanted, box, sizes, view);
  const nodes = clip.nodes.map((n) => {
    let config = n.config;
    for (const [from, to] of ids) config = rewriteNodeRefs(config, from, to);
    if (n.type === 'output') {
      const label = uniqueLabel(String(config.label ?? 'Output'), labels);
      labels.push(label);
      config = { ...config, label };
    }
    const at = n.position ?? origin;
    return {
      ...n,
      id: ids.get(n.id)!,
      config,
      position: { x: at.x - origin.x + spot.x, y: at.y - origin.y + spot.y },
    };
  });
  const edges = clip.edges.map((e) => ({ source: ids.get(e.source)!, target: ids.get(e.target)! }));
  return { nodes, edges };
}

function uniqueLabel(label: string, taken: string[]): string {
  const lower = taken.map((t) => t.toLowerCase());
  if (!lower.includes(label.toLowerCase())) return label;
  const base = label.replace(/ \d+$/, '');
  for (let i = 2; ; i++) if (!lower.includes(`${base} ${i}`.toLowerCase())) return `${base} ${i}`;
}

function topLeft(nodes: GraphNode[]): Point {
  const xs = nodes.map((n) => n.position?.x ?? 0);
  const ys = nodes.map((n) => n.position?.y ?? 0);
  return { x: Math.min(...xs), y: Math.min(...ys) };
}

function boundingSize(nodes: GraphNode[]): { width: number; height: number } {
  const origin = topLeft(nodes);
  const right = Math.max(...nodes.map((n) => (n.position?.x ?? 0) + NODE_SIZE.width));
  const bottom = Math.max(...nodes.map((n) => (n.position?.y ?? 0) + NODE_SIZE.height));
  return { width: right - origin.x, height: bottom - origin.y };
}
