import type { Modality } from '../graph/modality';
import type { Plan, PlanNode } from '../graph/plan';

/** A node whose prompt a refinement may rewrite, with what it feeds. */
export interface RefinementCandidate {
  nodeId: string;
  type: string;
  label: string;
  prompt: string;
  produces: Modality;
  /** Modalities of the non-prompt nodes downstream (a script feeding a voiceover reaches audio). */
  feeds: Modality[];
  /** Labels of the app outputs this node contributes to. */
  outputLabels: string[];
}

const PROMPT_TYPES = new Set(['text.generate', 'image.generate', 'video.generate']);

/**
 * The prompt-bearing nodes of a plan among `within` (the nodes the run executed), with what each feeds.
 * 1. A candidate is a text.generate or image.generate node with a prompt, or a video.generate node (one
 *    without a prompt animates its picture: directions such as "shorter" still apply to it).
 * 2. Walking descendants, non-prompt nodes (tts, compose, edit) add their modality to `feeds`,
 *    output nodes add their label to `outputLabels`.
 */
export function refinementCandidates(
  plan: Plan,
  within: string[] = plan.nodes.map((n) => n.id),
): RefinementCandidate[] {
  const inRun = new Set(within);
  const children = new Map<string, PlanNode[]>(plan.nodes.map((n) => [n.id, []]));
  for (const node of plan.nodes) for (const p of node.parents) children.get(p)?.push(node);
  return plan.nodes
    .filter(
      (n) =>
        inRun.has(n.id) &&
        PROMPT_TYPES.has(n.type) &&
        ((typeof n.config.prompt === 'string' && n.config.prompt.trim() !== '') ||
          n.type === 'video.generate'),
    )
    .map((node) => {
      const feeds = new Set<Modality>();
      const outputLabels: string[] = [];
      const seen = new Set<string>();
      const stack = [...children.get(node.id)!];
      while (stack.length > 0) {
        const child = stack.pop()!;
        if (seen.has(child.id) || !inRun.has(child.id)) continue;
        seen.add(child.id);
        if (child.type === 'output') outputLabels.push(String(child.config.label));
        else if (!PROMPT_TYPES.has(child.type) && child.produces !== node.produces) feeds.add(child.produces);
        stack.push(...children.get(child.id)!);
      }
      return {
        nodeId: node.id,
        type: node.type,
        label: node.label,
        prompt: typeof node.config.prompt === 'string' ? node.config.prompt : '',
        produces: node.produces,
        feeds: [...feeds],
        outputLabels,
      };
    });
}
