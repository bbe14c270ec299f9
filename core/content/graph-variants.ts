import type { AppDefinition, GraphNode } from '../app/app-definition';
import { clipToLength } from '../text/graphemes';

export interface QualityGate {
  minScore: number;
  maxRetries: number;
}

/**
 * The app with a quality.check node before each output, as a new definition to compile.
 *
 *   gen ──> out          gen ──> qc_out ──> out
 *
 * 1. For every output node, take its single parent; if it already is a quality.check, leave it.
 * 2. Insert `qc_<output id>` between them: the edge parent -> output becomes parent -> qc -> output.
 * 3. The new node ids are unique (suffixed if taken); the graph is otherwise unchanged, so compiling it
 *    re-derives the plan, capabilities and credit estimate (max adds the retries).
 */
export function withQualityGates(definition: AppDefinition, gate: QualityGate): AppDefinition {
  const graph = definition.graph;
  const nodes = [...graph.nodes];
  let edges = [...graph.edges];
  const ids = new Set(nodes.map((n) => n.id));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const output of graph.nodes.filter((n) => n.type === 'output')) {
    const incoming = edges.filter((e) => e.target === output.id);
    if (incoming.length !== 1 || byId.get(incoming[0].source)?.type === 'quality.check') continue;
    const id = uniqueId(`qc_${output.id}`, ids);
    const qc: GraphNode = {
      id,
      type: 'quality.check',
      label: clipToLength(`Quality check: ${output.label}`, 80),
      config: { minScore: gate.minScore, maxRetries: gate.maxRetries },
    };
    nodes.push(qc);
    edges = edges.filter((e) => e !== incoming[0]);
    edges.push({ source: incoming[0].source, target: id }, { source: id, target: output.id });
  }
  return { ...definition, graph: { nodes, edges } };
}

export interface PromptAdditions {
  /** Appended to text.generate `system` (voice, directives). */
  system: string;
  /** Appended to the prompts of visual generation nodes (style directives, what to avoid). */
  visual: string;
}

/**
 * The app with guidance folded into its generation nodes, for apps that expose no prompt parameter:
 * text.generate nodes get it in `system`, image.generate and video.generate nodes after their prompt.
 * Placeholders in the added text are impossible (braces are stripped), so the graph compiles as before.
 */
export function withPromptGuidance(definition: AppDefinition, additions: PromptAdditions): AppDefinition {
  const strip = (s: string) => s.replace(/[{}]/g, '');
  const nodes = definition.graph.nodes.map((node) => {
    if (node.type === 'text.generate' && additions.system) {
      const system =
        typeof node.config.system === 'string'
          ? `${node.config.system}\n${strip(additions.system)}`
          : strip(additions.system);
      return { ...node, config: { ...node.config, system } };
    }
    if (
      (node.type === 'image.generate' || node.type === 'video.generate') &&
      additions.visual &&
      typeof node.config.prompt === 'string'
    )
      return {
        ...node,
        config: { ...node.config, prompt: `${node.config.prompt}. ${strip(additions.visual)}` },
      };
    return node;
  });
  return { ...definition, graph: { ...definition.graph, nodes } };
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base.slice(0, 60);
  for (let i = 2; taken.has(id); i++) id = `${base.slice(0, 58)}_${i}`;
  taken.add(id);
  return id;
}
