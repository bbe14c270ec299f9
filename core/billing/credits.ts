import type { NodeType } from '../graph/node-types';
import type { Plan } from '../graph/plan';
import { MODEL_KIND_OF_NODE, type ConfiguredProviders, type ProviderName } from '../model-providers';

/** Credits per executed node, by type, with the local provider; configurable with NODE_COSTS. */
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

/** Credits per executed generation node on a provider other than local: what the service pays it, rounded up. */
export const PROVIDER_NODE_COSTS: Record<
  Exclude<ProviderName, 'local'>,
  Partial<Record<NodeType, number>>
> = {
  openai: { 'text.generate': 2, 'image.generate': 8, 'audio.tts': 3 },
  replicate: { 'image.generate': 6, 'video.generate': 40 },
  fal: { 'image.generate': 6, 'video.generate': 40, 'audio.tts': 3 },
  comfyui: { 'image.generate': 4, 'video.generate': 20 },
};

type ProviderCosts = Record<string, Partial<Record<NodeType, number>>>;

/**
 * The price of each node type with its configured provider, and (`byProvider`) of each type on every
 * provider, for nodes that name their own and for what a node actually ran on.
 */
export type NodeCosts = Record<NodeType, number> & { byProvider?: ProviderCosts };

/**
 * The credits table:
 * 1. each type costs DEFAULT_NODE_COSTS with the local provider, PROVIDER_NODE_COSTS with another;
 * 2. a type costs what its configured provider charges;
 * 3. NODE_COSTS (JSON) overrides a type (`"image.generate": 5`, its configured provider's price) or a
 *    type on one provider (`"video.generate@fal": 30`).
 */
export function nodeCosts(overridesJson?: string, configured?: Partial<ConfiguredProviders>): NodeCosts {
  const byProvider: ProviderCosts = {
    local: { ...DEFAULT_NODE_COSTS },
    ...Object.fromEntries(Object.entries(PROVIDER_NODE_COSTS).map(([p, prices]) => [p, { ...prices }])),
  };
  const providerOfType = (type: NodeType) => {
    const kind = MODEL_KIND_OF_NODE[type as keyof typeof MODEL_KIND_OF_NODE];
    return (kind && configured?.[kind]) || 'local';
  };
  const overrides = overridesJson ? (JSON.parse(overridesJson) as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(overrides)) {
    const [type, provider] = key.split('@') as [NodeType, string | undefined];
    if (
      !(type in DEFAULT_NODE_COSTS) ||
      (provider && !(provider in byProvider)) ||
      typeof value !== 'number' ||
      value < 0
    )
      throw new Error(`NODE_COSTS: bad entry "${key}"`);
    byProvider[provider ?? providerOfType(type)][type] = value;
  }
  const costs = { ...DEFAULT_NODE_COSTS };
  for (const type of Object.keys(costs) as NodeType[])
    costs[type] = byProvider[providerOfType(type)][type] ?? byProvider.local[type] ?? costs[type];
  return { ...costs, byProvider };
}

/** What one execution of a node costs: its provider's price for the type, else the type's configured price. */
export function nodeCredits(costs: NodeCosts, type: NodeType, provider?: string | null): number {
  return (provider ? costs.byProvider?.[provider]?.[type] : undefined) ?? costs[type];
}

const providerOfConfig = (config: Record<string, unknown>) =>
  typeof config.provider === 'string' ? config.provider : undefined;

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
  const credits = (n: Plan['nodes'][number]) => nodeCredits(costs, n.type, providerOfConfig(n.config));
  const breakdown = running.map((n) => ({ nodeId: n.id, nodeType: n.type, credits: credits(n) }));
  const expected = round(breakdown.reduce((sum, b) => sum + b.credits, 0));
  const retries = running
    .filter((n) => n.type === 'quality.check')
    .reduce((sum, q) => {
      const parent = plan.nodes.find((n) => n.id === q.parents[0])!;
      return sum + Number(q.config.maxRetries ?? 0) * (credits(parent) + costs['quality.check']);
    }, 0);
  return { expected, min: expected, max: round(expected + retries), breakdown };
}

const round = (n: number) => Math.round(n * 100) / 100;
