import type { AppGraph, AppParameter } from '../app/app-definition';
import { NODE_DEFINITIONS, isNodeType } from '../../nodes/definitions';
import type { NodeType } from './node-types';
import type { Modality } from './modality';
import type { Plan, PlanNode, PlanOutput } from './plan';
import { configStrings, templateRefs } from './template';

export interface CompileIssue {
  field: string;
  message: string;
}

export class GraphCompileError extends Error {
  constructor(readonly issues: CompileIssue[]) {
    super(issues.map((i) => `${i.field}: ${i.message}`).join('; '));
    this.name = 'GraphCompileError';
  }
}

/**
 * Compiles an app graph into a Plan.
 * 1. Every node type is known and its config parses against that type's schema (defaults applied).
 * 2. Node ids are unique; every edge joins two existing nodes; no self-loops or duplicate edges.
 * 3. Kahn's algorithm orders the nodes, ties broken by declaration order; leftovers mean a cycle.
 * 4. Parent counts fit the node type; `{{nodes.x}}` placeholders name a parent of the node.
 * 5. Every `{{param}}` placeholder is a declared parameter, and every declared parameter is used.
 * 6. Modalities flow through passthrough nodes; `output` nodes become the app's outputs.
 * All issues are collected and thrown together.
 */
export function compileGraph(graph: AppGraph, parameters: AppParameter[]): Plan {
  const issues: CompileIssue[] = [];
  const configs = parseNodeConfigs(graph, issues);
  const parents = collectParents(graph, issues);
  const order = topologicalOrder(graph, parents, issues);
  checkParentCounts(graph, parents, issues);
  checkPlaceholders(graph, parents, parameters, issues);
  if (issues.length > 0) throw new GraphCompileError(issues);

  const produces = new Map<string, Modality>();
  const nodes: PlanNode[] = order.map((id) => {
    const node = graph.nodes.find((n) => n.id === id)!;
    const type = node.type as NodeType;
    const spec = NODE_DEFINITIONS[type];
    const modality = spec.produces === 'passthrough' ? produces.get(parents.get(id)![0])! : spec.produces;
    produces.set(id, modality);
    return {
      id,
      type,
      label: node.label,
      config: configs.get(id)!,
      parents: parents.get(id)!,
      produces: modality,
    };
  });
  const outputs = collectOutputs(nodes, issues);
  if (issues.length > 0) throw new GraphCompileError(issues);
  return { nodes, outputs };
}

function parseNodeConfigs(graph: AppGraph, issues: CompileIssue[]): Map<string, Record<string, unknown>> {
  const configs = new Map<string, Record<string, unknown>>();
  graph.nodes.forEach((node, i) => {
    if (configs.has(node.id))
      issues.push({ field: `graph.nodes[${i}].id`, message: `duplicate node id "${node.id}"` });
    if (!isNodeType(node.type)) {
      issues.push({ field: `graph.nodes[${i}].type`, message: `unknown node type "${node.type}"` });
      configs.set(node.id, node.config);
      return;
    }
    const parsed = NODE_DEFINITIONS[node.type].config.safeParse(node.config);
    if (parsed.success) configs.set(node.id, parsed.data as Record<string, unknown>);
    else {
      for (const issue of parsed.error.issues)
        issues.push({ field: `graph.nodes[${i}].config.${issue.path.join('.')}`, message: issue.message });
      configs.set(node.id, node.config);
    }
  });
  return configs;
}

function collectParents(graph: AppGraph, issues: CompileIssue[]): Map<string, string[]> {
  const parents = new Map<string, string[]>(graph.nodes.map((n) => [n.id, []]));
  graph.edges.forEach((edge, i) => {
    const field = `graph.edges[${i}]`;
    if (!parents.has(edge.source))
      issues.push({ field: `${field}.source`, message: `dangling edge: no node "${edge.source}"` });
    else if (!parents.has(edge.target))
      issues.push({ field: `${field}.target`, message: `dangling edge: no node "${edge.target}"` });
    else if (edge.source === edge.target) issues.push({ field, message: `self-loop on "${edge.source}"` });
    else if (parents.get(edge.target)!.includes(edge.source))
      issues.push({ field, message: `duplicate edge ${edge.source} -> ${edge.target}` });
    else parents.get(edge.target)!.push(edge.source);
  });
  return parents;
}

function topologicalOrder(graph: AppGraph, parents: Map<string, string[]>, issues: CompileIssue[]): string[] {
  const declared = graph.nodes.map((n) => n.id);
  const pending = new Map(declared.map((id) => [id, parents.get(id)?.length ?? 0]));
  const order: string[] = [];
  let ready = declared.filter((id) => pending.get(id) === 0);
  while (ready.length > 0) {
    const id = ready.shift()!;
    order.push(id);
    for (const child of declared) {
      if (!parents.get(child)?.includes(id)) continue;
      pending.set(child, pending.get(child)! - 1);
      if (pending.get(child) === 0)
        ready = [...ready, child].sort((a, b) => declared.indexOf(a) - declared.indexOf(b));
    }
  }
  if (order.length < new Set(declared).size) {
    const stuck = declared.filter((id) => !order.includes(id));
    for (const cycle of cyclesAmong(stuck, parents))
      issues.push({ field: 'graph.edges', message: `cycle through nodes ${cycle.join(', ')}` });
  }
  return order;
}

/**
 * The cycles among the nodes Kahn's algorithm could not order: its strongly connected components of more
 * than one node (Tarjan), each in declaration order. Nodes that only wait downstream of a cycle are in none.
 */
function cyclesAmong(stuck: string[], parents: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (id: string) => {
    index.set(id, index.size);
    low.set(id, index.get(id)!);
    stack.push(id);
    for (const parent of parents.get(id) ?? []) {
      if (!stuck.includes(parent)) continue;
      if (!index.has(parent)) {
        visit(parent);
        low.set(id, Math.min(low.get(id)!, low.get(parent)!));
      } else if (stack.includes(parent)) low.set(id, Math.min(low.get(id)!, index.get(parent)!));
    }
    if (low.get(id) !== index.get(id)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== id);
    if (component.length > 1) cycles.push(stuck.filter((s) => component.includes(s)));
  };
  for (const id of stuck) if (!index.has(id)) visit(id);
  return cycles.sort((a, b) => stuck.indexOf(a[0]) - stuck.indexOf(b[0]));
}

function checkParentCounts(graph: AppGraph, parents: Map<string, string[]>, issues: CompileIssue[]): void {
  graph.nodes.forEach((node, i) => {
    if (!isNodeType(node.type)) return;
    const spec = NODE_DEFINITIONS[node.type];
    const count = parents.get(node.id)?.length ?? 0;
    if (count < spec.minParents || count > spec.maxParents) {
      const wanted =
        spec.minParents === spec.maxParents ? `${spec.minParents}` : `${spec.minParents}..${spec.maxParents}`;
      issues.push({
        field: `graph.nodes[${i}]`,
        message: `${node.type} node "${node.id}" needs ${wanted} parents, has ${count}`,
      });
    }
  });
}

function checkPlaceholders(
  graph: AppGraph,
  parents: Map<string, string[]>,
  parameters: AppParameter[],
  issues: CompileIssue[],
): void {
  const declared = new Set(parameters.map((p) => p.key));
  const used = new Set<string>();
  graph.nodes.forEach((node, i) => {
    for (const text of configStrings(node.config)) {
      const refs = templateRefs(text);
      for (const key of refs.params) {
        used.add(key);
        if (!declared.has(key))
          issues.push({
            field: `graph.nodes[${i}].config`,
            message: `parameter "${key}" is used but not declared`,
          });
      }
      for (const id of refs.nodes)
        if (!parents.get(node.id)?.includes(id))
          issues.push({
            field: `graph.nodes[${i}].config`,
            message: `{{nodes.${id}}} is not a parent of "${node.id}"`,
          });
    }
  });
  parameters.forEach((p, i) => {
    if (!used.has(p.key))
      issues.push({
        field: `parameters[${i}]`,
        message: `parameter "${p.key}" is declared but nothing uses it`,
      });
  });
}

function collectOutputs(nodes: PlanNode[], issues: CompileIssue[]): PlanOutput[] {
  const outputs = nodes
    .filter((n) => n.type === 'output')
    .map((n, index) => ({ index, nodeId: n.id, label: String(n.config.label), type: n.produces }));
  if (outputs.length === 0) issues.push({ field: 'graph.nodes', message: 'the graph has no output node' });
  const labels = outputs.map((o) => o.label.toLowerCase());
  if (new Set(labels).size !== labels.length)
    issues.push({ field: 'graph.nodes', message: 'output labels must be unique' });
  return outputs;
}
