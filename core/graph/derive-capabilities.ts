import type { AppParameter, Frontmatter } from '../app/app-definition';
import { NODE_DEFINITIONS } from '../../nodes/definitions';
import type { NodeTypeSpec } from './node-types';
import type { Plan, PlanNode } from './plan';
import { DEFAULT_MIME } from './modality';

export interface Capabilities {
  produces: string[];
  strengths: string[];
  bestFor: string[];
  limitations: string[];
  outputFormats: string[];
  hasQualityControl: boolean;
  hasHumanApproval: boolean;
  generationStepCount: number;
  nodeTypes: string[];
}

/**
 * Capabilities come from the compiled graph, never from hand-written fields.
 * 1. `produces`: the produce tag of the node that feeds each output (through passthrough nodes).
 * 2. `outputFormats`: the MIME type each output ends as.
 * 3. Flags and counts from the node types present.
 * 4. `strengths` and `limitations` are rules over the graph shape; `bestFor` pairs outputs with platforms.
 */
export function deriveCapabilities(
  plan: Plan,
  parameters: AppParameter[],
  frontmatter: Frontmatter,
): Capabilities {
  const byId = new Map(plan.nodes.map((n) => [n.id, n]));
  const sources = plan.outputs.map((o) => sourceNode(byId, o.nodeId));
  const types = new Set(plan.nodes.map((n) => n.type));
  const generationStepCount = plan.nodes.filter((n) => NODE_DEFINITIONS[n.type].generation).length;
  const produces = unique(
    sources
      .map((n) => (NODE_DEFINITIONS[n.type] as NodeTypeSpec).produceTag)
      .filter((t): t is string => t !== null),
  );
  return {
    produces,
    strengths: strengthsOf(plan, types),
    bestFor: bestForOf(produces, frontmatter),
    limitations: limitationsOf(plan, parameters, types),
    outputFormats: unique(sources.map(mimeOf)),
    hasQualityControl: types.has('quality.check'),
    hasHumanApproval: types.has('human.approval'),
    generationStepCount,
    nodeTypes: [...types].sort(),
  };
}

function sourceNode(byId: Map<string, PlanNode>, id: string): PlanNode {
  let node = byId.get(id)!;
  while (NODE_DEFINITIONS[node.type].produces === 'passthrough') node = byId.get(node.parents[0])!;
  return node;
}

function mimeOf(node: PlanNode): string {
  if (node.type === 'image.edit' && node.config.format === 'jpeg') return 'image/jpeg';
  return DEFAULT_MIME[node.produces];
}

function strengthsOf(plan: Plan, types: Set<string>): string[] {
  const strengths: string[] = [];
  const roots = plan.nodes.filter((n) => n.parents.length === 0 && NODE_DEFINITIONS[n.type].generation);
  if (roots.length > 1) strengths.push(`${roots.length} generation branches run in parallel`);
  if (types.has('video.compose') && types.has('audio.tts'))
    strengths.push('voiceover mixed into the final video');
  if (plan.nodes.some((n) => n.type === 'video.compose' && n.config.captions))
    strengths.push('burned-in captions');
  if (types.has('quality.check')) strengths.push('automated quality control with retries');
  if (types.has('human.approval')) strengths.push('human approval before delivery');
  if (plan.outputs.length > 1) strengths.push(`${plan.outputs.length} deliverables in one run`);
  if (types.has('image.edit')) strengths.push('exact platform crops and overlays');
  return strengths;
}

function bestForOf(produces: string[], frontmatter: Frontmatter): string[] {
  const platforms = frontmatter.platforms.slice(0, 3);
  const main = produces[0] ?? 'content';
  const combos = platforms.map((p) => `${p} ${main}`);
  return unique([...combos, ...frontmatter.useCases.slice(0, 3)]);
}

function limitationsOf(plan: Plan, parameters: AppParameter[], types: Set<string>): string[] {
  const limitations: string[] = [];
  for (const p of parameters) {
    if (p.type !== 'url' || p.default !== undefined) continue;
    const kinds = p.accept?.join(' or ') ?? 'media';
    limitations.push(`requires ${/^[aeiou]/.test(kinds) ? 'an' : 'a'} ${kinds} URL (${p.name})`);
  }
  if (types.has('human.approval')) limitations.push('waits for a human decision before completing');
  if (types.has('video.compose')) limitations.push('video length follows the voiceover, at most 90 seconds');
  const modalities = new Set(plan.outputs.map((o) => o.type));
  if (!modalities.has('video') && !modalities.has('audio')) limitations.push('no video or audio output');
  return limitations;
}

const unique = (items: string[]) => [...new Set(items)];
