import type { RefinementCandidate } from './candidates';
import { PROMPT_MAX_LENGTH, rewritePrompt, sanitizeFeedback } from './prompt';
import type { RefinementChoice, RefinementSelection } from './selection';
import { templateRefs } from '../graph/template';
import { clipToLength } from '../text/graphemes';

/** What a chat model is asked, for the model-backed selector; it answers JSON. */
export function refinementMessages(
  candidates: RefinementCandidate[],
  feedback: string,
): { role: 'system' | 'user'; content: string }[] {
  const nodes = candidates.map((c) => ({
    nodeId: c.nodeId,
    type: c.type,
    label: c.label,
    produces: c.produces,
    feeds: c.feeds,
    outputs: c.outputLabels,
    prompt: c.prompt,
  }));
  return [
    {
      role: 'system',
      content:
        'You refine a content-generation workflow from user feedback. Choose only the nodes whose prompts must change, and rewrite those prompts. ' +
        'Keep every {{placeholder}} of a prompt unchanged and add no new ones. Answer JSON only: {"nodes":[{"nodeId":string,"reason":string,"prompt":string}]}.',
    },
    { role: 'user', content: JSON.stringify({ feedback: sanitizeFeedback(feedback), nodes }) },
  ];
}

/**
 * Reads a model's answer; null when it is unusable (bad JSON, unknown nodes, no choice), so the
 * caller falls back to the rules. A rewritten prompt that drops or adds placeholders is replaced by
 * the rule rewrite of that node.
 */
export function parseModelRefinement(
  answer: string,
  candidates: RefinementCandidate[],
  feedback: string,
): RefinementSelection | null {
  let json: unknown;
  try {
    json = JSON.parse(answer.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return null;
  }
  const nodes = (json as { nodes?: unknown })?.nodes;
  if (!Array.isArray(nodes)) return null;
  const byId = new Map(candidates.map((c) => [c.nodeId, c]));
  const choices: RefinementChoice[] = [];
  for (const item of nodes as { nodeId?: unknown; reason?: unknown; prompt?: unknown }[]) {
    const candidate = typeof item?.nodeId === 'string' ? byId.get(item.nodeId) : undefined;
    if (!candidate || choices.some((c) => c.nodeId === candidate.nodeId)) continue;
    const reason =
      typeof item.reason === 'string' && item.reason.trim()
        ? clipToLength(item.reason.trim(), 500)
        : 'chosen by the model';
    const prompt =
      typeof item.prompt === 'string' && samePlaceholders(item.prompt, candidate.prompt)
        ? clipToLength(item.prompt, PROMPT_MAX_LENGTH)
        : rewritePrompt(candidate.prompt, feedback);
    choices.push({ nodeId: candidate.nodeId, reason, prompt });
  }
  return choices.length > 0 ? { method: 'model', choices } : null;
}

function samePlaceholders(next: string, previous: string): boolean {
  const key = (text: string) => {
    const refs = templateRefs(text);
    return [...new Set([...refs.params, ...refs.nodes.map((n) => `nodes.${n}`)])].sort().join(',');
  };
  return next.trim() !== '' && key(next) === key(previous);
}
