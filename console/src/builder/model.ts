import type {
  AppGraph,
  AppParameter,
  GraphEdge,
  GraphNode,
  NodeType,
  ValidationDetail,
  Visibility,
} from '../lib/types';

/** The builder's whole document: what POST /v1/apps and PUT /v1/apps/{id} take. */
export interface Draft {
  name: string;
  description: string;
  visibility: Visibility;
  parameters: AppParameter[];
  frontmatter?: Record<string, unknown>;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export const emptyDraft = (): Draft => ({
  name: 'Untitled app',
  description: '',
  visibility: 'private',
  parameters: [],
  nodes: [],
  edges: [],
});

/** The request body; positions rounded (they are only for drawing). */
export function draftBody(draft: Draft, withPositions = true) {
  const graph: AppGraph = {
    nodes: draft.nodes.map((n) => ({
      id: n.id,
      type: n.type,
      label: n.label,
      config: n.config,
      ...(withPositions && n.position
        ? { position: { x: Math.round(n.position.x), y: Math.round(n.position.y) } }
        : {}),
    })),
    edges: draft.edges,
  };
  return {
    name: draft.name.trim() || 'Untitled app',
    description: draft.description.trim() || null,
    visibility: draft.visibility,
    parameters: draft.parameters,
    ...(draft.frontmatter ? { frontmatter: draft.frontmatter } : {}),
    graph,
  };
}

const SHORT_IDS: Record<string, string> = {
  'text.generate': 'text',
  'image.generate': 'image',
  'image.edit': 'edit',
  'video.generate': 'clip',
  'video.compose': 'video',
  'audio.tts': 'voice',
  'quality.check': 'check',
  'human.approval': 'review',
  output: 'out',
};

/** A fresh node id for a type: `image`, then `image_2`, `image_3` ... */
export function newNodeId(type: string, taken: string[]): string {
  const base = SHORT_IDS[type] ?? (type.replace(/[^A-Za-z0-9]+/g, '_').replace(/^[^A-Za-z]+/, '') || 'node');
  if (!taken.includes(base)) return base;
  for (let i = 2; ; i++) if (!taken.includes(`${base}_${i}`)) return `${base}_${i}`;
}

/** A new node of a type: its title as label; an output node gets a label of its own. */
export function newNode(type: NodeType, taken: GraphNode[], position: { x: number; y: number }): GraphNode {
  const id = newNodeId(
    type.type,
    taken.map((n) => n.id),
  );
  const outputs = taken.filter((n) => n.type === 'output').length;
  const config: Record<string, unknown> =
    type.type === 'output' ? { label: outputs ? `Output ${outputs + 1}` : 'Output' } : {};
  return { id, type: type.type, label: type.title, config, position };
}

/** A node's config with `{{nodes.<from>}}` placeholders pointing at `to` instead. */
export function rewriteNodeRefs(
  config: Record<string, unknown>,
  from: string,
  to: string,
): Record<string, unknown> {
  const token = new RegExp(`\\{\\{\\s*nodes\\.${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\}\\}`, 'g');
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.replace(token, `{{nodes.${to}}}`) : v,
    ]),
  );
}

/** Renames a node and follows it everywhere: edges and `{{nodes.<id>}}` placeholders. */
export function renameNode(draft: Draft, from: string, to: string): Draft {
  return {
    ...draft,
    nodes: draft.nodes.map((n) => ({
      ...n,
      id: n.id === from ? to : n.id,
      config: rewriteNodeRefs(n.config, from, to),
    })),
    edges: draft.edges.map((e) => ({
      source: e.source === from ? to : e.source,
      target: e.target === from ? to : e.target,
    })),
  };
}

/**
 * What one edit changed, for the undo history to merge a run of edits to the same place: a node's form
 * (`node:<id>`) or one field of the app (`name`, `parameters` ...). `null` for anything structural: nodes
 * added, removed or moved, edges changed, or several places at once.
 */
export function editPlace(before: Draft, after: Draft): string | null {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(before.edges, after.edges)) return null;
  if (before.nodes.length !== after.nodes.length) return null;
  const places: string[] = [];
  for (const key of ['name', 'description', 'visibility', 'parameters', 'frontmatter'] as const)
    if (!same(before[key], after[key])) places.push(key);
  for (let i = 0; i < after.nodes.length; i++) {
    const a = before.nodes[i];
    const b = after.nodes[i];
    if (a.id !== b.id || a.type !== b.type || !same(a.position, b.position)) return null;
    if (a.label !== b.label || !same(a.config, b.config)) places.push(`node:${b.id}`);
  }
  return places.length === 1 ? places[0] : null;
}

export function removeNode(draft: Draft, id: string): Draft {
  return {
    ...draft,
    nodes: draft.nodes.filter((n) => n.id !== id),
    edges: draft.edges.filter((e) => e.source !== id && e.target !== id),
  };
}

export function addEdge(draft: Draft, edge: GraphEdge): Draft {
  if (edge.source === edge.target) return draft;
  if (draft.edges.some((e) => e.source === edge.source && e.target === edge.target)) return draft;
  return { ...draft, edges: [...draft.edges, edge] };
}

/** Problems the API reported, sorted to where the builder draws them. */
export interface Problems {
  byNode: Map<string, string[]>;
  /** Per node, per config field (for the form). */
  byField: Map<string, Record<string, string[]>>;
  byEdge: Map<number, string>;
  byParameter: Map<number, string[]>;
  general: ValidationDetail[];
  all: ValidationDetail[];
}

const FIELD_PREFIX =
  /^(graph\.(nodes|edges)(\[\d+\]|\.\d+)|parameters(\[\d+\]|\.\d+)|graph\.\w+|graph|outputs(\[\d+\])?)(\.|: )/;
const MISSING = /^(?:config\.)?([\w.]+): Invalid input: expected \w+, received undefined$/;

/**
 * The message as the builder shows it beside the thing it is about: without the path to the node
 * ("graph.nodes[2].config.prompt: x" -> "prompt: x"), and a missing value said plainly.
 */
export function bare(message: string): string {
  const text = message.replace(FIELD_PREFIX, '').replace(/^(config|source|target): /, '');
  const missing = MISSING.exec(text);
  return missing ? `${missing[1]} is required` : text.replace(/^config\./, '');
}

export function sortProblems(details: ValidationDetail[], draft: Draft): Problems {
  const problems: Problems = {
    byNode: new Map(),
    byField: new Map(),
    byEdge: new Map(),
    byParameter: new Map(),
    general: [],
    all: details,
  };
  for (const d of details) {
    const text = bare(d.message);
    const param = d.param ?? '';
    const paramMatch = /^parameters(?:\[(\d+)\]|\.(\d+))/.exec(param);
    if (d.nodeIds?.length) {
      for (const id of d.nodeIds) problems.byNode.set(id, [...(problems.byNode.get(id) ?? []), text]);
      const field = /\.config\.(\w+)/.exec(param)?.[1];
      if (field && d.nodeIds.length === 1) {
        const fields = problems.byField.get(d.nodeIds[0]) ?? {};
        fields[field] = [...(fields[field] ?? []), text];
        problems.byField.set(d.nodeIds[0], fields);
      }
    } else if (d.edgeIndex !== undefined) {
      problems.byEdge.set(d.edgeIndex, text);
      // A dangling edge is drawn on the node it still leaves from (or reaches).
      const edge = draft.edges[d.edgeIndex];
      const anchor = edge && [edge.source, edge.target].find((id) => draft.nodes.some((n) => n.id === id));
      if (anchor)
        problems.byNode.set(anchor, [
          ...(problems.byNode.get(anchor) ?? []),
          `edge ${edge.source} → ${edge.target}: ${text}`,
        ]);
    } else if (paramMatch) {
      const i = Number(paramMatch[1] ?? paramMatch[2]);
      problems.byParameter.set(i, [...(problems.byParameter.get(i) ?? []), text]);
      problems.general.push(d);
    } else problems.general.push(d);
  }
  return problems;
}

export function isDangling(edge: GraphEdge, nodes: GraphNode[]): boolean {
  return !nodes.some((n) => n.id === edge.source) || !nodes.some((n) => n.id === edge.target);
}
