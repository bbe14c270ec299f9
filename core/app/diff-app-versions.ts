import type { AppDefinition, AppParameter, GraphEdge, GraphNode } from './app-definition';

/** What one app field or node field was and became; absent on the side where it did not exist. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

export interface NodeRef {
  id: string;
  type: string;
  label: string;
}

export interface NodeChange extends NodeRef {
  fields: FieldChange[];
}

export interface ParameterRef {
  id: string;
  key: string;
  name: string;
}

export interface ParameterChange extends ParameterRef {
  fields: FieldChange[];
}

/** What changed from one version of an app to another. */
export interface AppChanges {
  nodes: { added: NodeRef[]; removed: NodeRef[]; changed: NodeChange[]; moved: string[] };
  edges: { added: GraphEdge[]; removed: GraphEdge[] };
  parameters: { added: ParameterRef[]; removed: ParameterRef[]; changed: ParameterChange[] };
  /** The app's own fields: name, description and each frontmatter field (`frontmatter.summary`). */
  fields: FieldChange[];
}

/** The parts of an app definition a version diff compares. */
export type ComparableApp = Pick<
  AppDefinition,
  'name' | 'description' | 'parameters' | 'frontmatter' | 'graph'
>;

/**
 * The changes from `before` to `after`: nodes matched by id (type, label and each config field compared;
 * a node only dragged elsewhere is `moved`), edges by source and target, parameters by id, and the app's
 * name, description and frontmatter fields. Values are compared as data, whatever their key order.
 */
export function diffAppVersions(before: ComparableApp, after: ComparableApp): AppChanges {
  return {
    nodes: diffNodes(before.graph.nodes, after.graph.nodes),
    edges: diffEdges(before.graph.edges, after.graph.edges),
    parameters: diffParameters(before.parameters, after.parameters),
    fields: [
      ...fieldChanges(
        { name: before.name, description: before.description },
        {
          name: after.name,
          description: after.description,
        },
      ),
      ...fieldChanges(before.frontmatter, after.frontmatter, 'frontmatter.'),
    ],
  };
}

/** Whether two versions are the same app (positions aside). */
export function isUnchanged(changes: AppChanges): boolean {
  return (
    changes.nodes.added.length + changes.nodes.removed.length + changes.nodes.changed.length === 0 &&
    changes.edges.added.length + changes.edges.removed.length === 0 &&
    changes.parameters.added.length + changes.parameters.removed.length === 0 &&
    changes.parameters.changed.length === 0 &&
    changes.fields.length === 0
  );
}

/** One line for a version list: "2 nodes added, 1 node changed, 1 edge removed, name changed". */
export function summarizeChanges(changes: AppChanges): string {
  const parts = [
    counted(changes.nodes.added.length, 'node', 'added'),
    counted(changes.nodes.removed.length, 'node', 'removed'),
    counted(changes.nodes.changed.length, 'node', 'changed'),
    counted(changes.edges.added.length, 'edge', 'added'),
    counted(changes.edges.removed.length, 'edge', 'removed'),
    counted(changes.parameters.added.length, 'input', 'added'),
    counted(changes.parameters.removed.length, 'input', 'removed'),
    counted(changes.parameters.changed.length, 'input', 'changed'),
    ...changes.fields.map((f) => `${f.field} changed`),
  ].filter((part): part is string => part !== null);
  if (parts.length > 0) return parts.join(', ');
  return changes.nodes.moved.length > 0 ? 'layout only' : 'no changes';
}

function counted(n: number, thing: string, what: string): string | null {
  return n === 0 ? null : `${n} ${thing}${n === 1 ? '' : 's'} ${what}`;
}

function diffNodes(before: GraphNode[], after: GraphNode[]): AppChanges['nodes'] {
  const old = new Map(before.map((n) => [n.id, n]));
  const now = new Map(after.map((n) => [n.id, n]));
  const changed: NodeChange[] = [];
  const moved: string[] = [];
  for (const node of after) {
    const was = old.get(node.id);
    if (!was) continue;
    const fields = [
      ...fieldChanges({ type: was.type, label: was.label }, { type: node.type, label: node.label }),
      ...fieldChanges(was.config, node.config, 'config.'),
    ];
    if (fields.length > 0) changed.push({ ...nodeRef(node), fields });
    else if (!sameValue(was.position, node.position)) moved.push(node.id);
  }
  return {
    added: after.filter((n) => !old.has(n.id)).map(nodeRef),
    removed: before.filter((n) => !now.has(n.id)).map(nodeRef),
    changed,
    moved,
  };
}

function diffEdges(before: GraphEdge[], after: GraphEdge[]): AppChanges['edges'] {
  const key = (e: GraphEdge) => JSON.stringify([e.source, e.target]);
  const old = new Set(before.map(key));
  const now = new Set(after.map(key));
  return {
    added: after.filter((e) => !old.has(key(e))).map(({ source, target }) => ({ source, target })),
    removed: before.filter((e) => !now.has(key(e))).map(({ source, target }) => ({ source, target })),
  };
}

function diffParameters(before: AppParameter[], after: AppParameter[]): AppChanges['parameters'] {
  const old = new Map(before.map((p) => [p.id, p]));
  const now = new Map(after.map((p) => [p.id, p]));
  const changed: ParameterChange[] = [];
  for (const parameter of after) {
    const was = old.get(parameter.id);
    if (!was) continue;
    const fields = fieldChanges(was, parameter);
    if (fields.length > 0) changed.push({ ...parameterRef(parameter), fields });
  }
  return {
    added: after.filter((p) => !old.has(p.id)).map(parameterRef),
    removed: before.filter((p) => !now.has(p.id)).map(parameterRef),
    changed,
  };
}

/** The fields of two objects whose values differ, in the order they first appear. */
function fieldChanges(before: object, after: object, prefix = ''): FieldChange[] {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => !sameValue(b[k], a[k]))
    .map((k) => ({
      field: `${prefix}${k}`,
      ...(b[k] !== undefined ? { before: b[k] } : {}),
      ...(a[k] !== undefined ? { after: a[k] } : {}),
    }));
}

function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` compare equal. */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
        )
      : v,
  );
}

const nodeRef = (n: GraphNode): NodeRef => ({ id: n.id, type: n.type, label: n.label });
const parameterRef = (p: AppParameter): ParameterRef => ({ id: p.id, key: p.key, name: p.name });
