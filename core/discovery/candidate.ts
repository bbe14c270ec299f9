import type { Frontmatter } from '../app/app-definition';
import type { CompiledApp } from '../app/compiled-app';
import { estimateCredits, type NodeCosts } from '../billing/credits';
import type { Capabilities } from '../graph/derive-capabilities';
import type { Modality } from '../graph/modality';

/** What discovery knows of an app: its words, what it outputs, and what a whole run costs. */
export interface DiscoveryCandidate {
  appId: string;
  name: string;
  description: string | null;
  frontmatter: Frontmatter;
  capabilities: Capabilities;
  outputTypes: Modality[];
  /** Share of the app's outputs of each modality. */
  outputShare: Record<Modality, number>;
  estimatedCredits: number;
  /** Parameter keys and names: an agent's field names ("quote", "episode_title") point at the app that has them. */
  parameterNames?: string[];
  /** Media kinds the app cannot run without (url parameters with no default). */
  requiredMedia?: ('image' | 'video' | 'audio')[];
  /** Labels of its options parameters ("Bold", "Problem and fix"): a brief written for the app names them. */
  optionLabels?: string[];
}

export function toCandidate(appId: string, app: CompiledApp, costs: NodeCosts): DiscoveryCandidate {
  const all = app.plan.nodes.map((n) => n.id);
  return {
    appId,
    name: app.definition.name,
    description: app.definition.description,
    frontmatter: app.definition.frontmatter,
    capabilities: app.capabilities,
    outputTypes: [...new Set(app.plan.outputs.map((o) => o.type))],
    outputShare: shares(app.plan.outputs.map((o) => o.type)),
    estimatedCredits: estimateCredits(app.plan, all, costs).expected,
    parameterNames: app.definition.parameters.flatMap((p) => [p.key.replace(/_/g, ' '), p.name]),
    requiredMedia: [
      ...new Set(
        app.definition.parameters
          .filter((p) => p.type === 'url' && p.default === undefined)
          .flatMap((p) => p.accept ?? ['image' as const]),
      ),
    ],
    optionLabels: app.definition.parameters.flatMap((p) =>
      p.role === 'aspect_ratio' ? [] : (p.options ?? []).filter((o) => !/^\d/.test(o)),
    ),
  };
}

function shares(types: Modality[]): Record<Modality, number> {
  const share = { image: 0, video: 0, audio: 0, text: 0 };
  for (const t of types) share[t] += 1 / types.length;
  return share;
}
