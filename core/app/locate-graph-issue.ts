const NODE_FIELD = /^graph\.nodes(?:\[(\d+)\]|\.(\d+))/;
const EDGE_FIELD = /^graph\.edges(?:\[(\d+)\]|\.(\d+))/;
const CYCLE = /^cycle through nodes (.+)$/;

export interface GraphIssueLocation {
  nodeIds?: string[];
  edgeIndex?: number;
}

interface LooseGraph {
  nodes?: { id?: unknown; type?: unknown; config?: { label?: unknown } }[];
  edges?: unknown[];
}

/**
 * The node or edge a problem of an app's graph concerns, so a client can draw it there.
 * 1. `graph.nodes[i]…` (compiler) or `graph.nodes.i…` (schema): the node at index i, by its id.
 * 2. `graph.edges[i]…`: the edge at index i.
 * 3. A cycle (`graph.edges`): the nodes the compiler lists.
 * 4. Duplicate output labels (`graph.nodes`): the output nodes whose labels collide.
 * The graph may be anything a caller sent; indexes that name nothing locate nothing.
 */
export function locateGraphIssue(graph: unknown, field: string, message: string): GraphIssueLocation {
  const g = (typeof graph === 'object' && graph !== null ? graph : {}) as LooseGraph;
  const nodes = Array.isArray(g.nodes) ? g.nodes : [];
  const node = NODE_FIELD.exec(field);
  if (node) {
    const id = nodes[Number(node[1] ?? node[2])]?.id;
    return typeof id === 'string' ? { nodeIds: [id] } : {};
  }
  const edge = EDGE_FIELD.exec(field);
  if (edge) return { edgeIndex: Number(edge[1] ?? edge[2]) };
  const cycle = CYCLE.exec(message);
  if (field === 'graph.edges' && cycle) return { nodeIds: cycle[1].split(', ') };
  if (field === 'graph.nodes' && message.includes('output labels')) {
    const outputs = nodes.filter((n) => n?.type === 'output');
    const label = (n: (typeof nodes)[number]) => String(n.config?.label ?? '').toLowerCase();
    const clashing = outputs.filter((n) => outputs.filter((m) => label(m) === label(n)).length > 1);
    return { nodeIds: clashing.map((n) => String(n.id)) };
  }
  return {};
}
