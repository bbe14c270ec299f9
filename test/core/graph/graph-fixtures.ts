import {
  AppParameter,
  type AppGraph,
  type GraphEdge,
  type GraphNode,
} from '../../../core/app/app-definition';

/** A graph from short node tuples `[id, type, config]` and `source->target` edge strings. */
export function graph(nodes: [string, string, Record<string, unknown>][], edges: string[]): AppGraph {
  return {
    nodes: nodes.map(([id, type, config]): GraphNode => ({ id, type, label: id, config })),
    edges: edges.map((e): GraphEdge => {
      const [source, target] = e.split('->');
      return { source, target };
    }),
  };
}

export const textParameter = (key: string, extra: Record<string, unknown> = {}): AppParameter =>
  AppParameter.parse({
    id: `p_${key}`,
    key,
    name: key[0].toUpperCase() + key.slice(1),
    type: 'text',
    ...extra,
  });
