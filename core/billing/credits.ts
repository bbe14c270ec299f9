import type { NodeType } from '../graph/node-types';
import type { Plan } from '../graph/plan';

/** Credits per executed node, by type; configurable with NODE_COSTS (JSON object of overrides). */
export const DEFAULT_NODE_COSTS: Record<NodeType, number> = {
  'text.generate': 1,
  'image.generate': 4,
  'image.edit': 1,
  'video.generate': 10,
  'video.compose': 6,
  'audio.tts': 2,
  'quality.check': 0.5,
  'human.approval': 0,
  output: 0,
};

export type NodeCosts = Record<NodeType, number>;

export function nodeCosts(overridesJson?: string): NodeCosts {
  if (!overridesJson) return DEFAULT_NODE_COSTS;
  const overrides = JSON.parse(overridesJson) as Record<string, unknown>;
  const costs = { ...DEFAULT_NODE_COSTS };
  for (const [type, value] of Object.entries(overrides)) {
    if (!(type in costs) || typeof value !== 'number' || value < 0)
      throw new Error(`NODE_COSTS: bad entry "${type}"`);
    costs[type as NodeType] = value;
  }
  return costs;
}

export interface Estimate {
  expected: number;
  min: number;
  max: number;
  breakdown: { nodeId: string; nodeType: string; credits: number }[];
}

/**
 * Credits for executing `execute` nodes of a plan.
 * 1. Each executed node costs its type's price. 2. `expected` and `min` are that sum.
 * 3. `max` adds every quality retry: a quality.check node may re-run its parent `maxRetries` times.
 */
export function estimateCredits(plan: Plan, execute: string[], costs: NodeCosts): Estimate {
  const running = plan.nodes.filter((n) => execute.includes(n.id));
  const breakdown = running.map((n) => ({ nodeId: n.id, nodeType: n.type, credits: costs[n.type] }));
  const expected = round(breakdown.reduce((sum, b) => sum + b.credits, 0));
  const retries = running
    .filter((n) => n.type === 'quality.check')
    .reduce((sum, q) => {
      const parent = plan.nodes.find((n) => n.id === q.parents[0])!;
      return sum + Number(q.config.maxRetries ?? 0) * (costs[parent.type] + costs['quality.check']);
    }, 0);
  return { expected, min: expected, max: round(expected + retries), breakdown };
}

const round = (n: number) => Math.round(n * 100) / 100;
