import type { Plan } from './plan';

/**
 * The nodes needed to produce the given nodes: the nodes themselves and all their ancestors.
 * 1. Start from the targets. 2. Walk parent links until nothing new is added.
 * 3. Return the ids in plan (topological) order.
 */
export function ancestorsOf(plan: Plan, targets: string[]): string[] {
  const parents = new Map(plan.nodes.map((n) => [n.id, n.parents]));
  const keep = new Set<string>();
  const stack = [...targets];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (keep.has(id) || !parents.has(id)) continue;
    keep.add(id);
    stack.push(...parents.get(id)!);
  }
  return plan.nodes.filter((n) => keep.has(n.id)).map((n) => n.id);
}

/**
 * The given nodes and everything downstream of them, in plan order.
 * 1. Walk the plan in topological order. 2. A node is kept when it is a source or has a kept parent.
 */
export function descendantsOf(plan: Plan, sources: string[]): string[] {
  const keep = new Set(sources);
  for (const node of plan.nodes) if (node.parents.some((p) => keep.has(p))) keep.add(node.id);
  return plan.nodes.filter((n) => keep.has(n.id)).map((n) => n.id);
}
