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
 * caller falls back to the rules. See readModelRefinement for why.
 */
export function parseModelRefinement(
  answer: string,
  candidates: RefinementCandidate[],
  feedback: string,
): RefinementSelection | null {
  const read = readModelRefinement(answer, candidates, feedback);
  return 'error' in read ? null : read.selection;
}

/**
 * Reads a model's answer, or says why it cannot be used (not JSON, no `nodes` array, no node of the
 * run chosen): then the caller falls back to the rules. Nodes that are not candidates and repeats are
 * skipped; a reason is clipped; a rewritten prompt that is empty, drops or adds placeholders, or is
 * not a string is replaced by the rule rewrite of that node; `notes` says what was set aside.
 */
export function readModelRefinement(
  answer: string,
  candidates: RefinementCandidate[],
  feedback: string,
): { selection: RefinementSelection; notes: string[] } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(answer.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return { error: 'the answer is not JSON' };
  }
  const nodes = (json as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return { error: 'the answer has no "nodes" array' };
  const byId = new Map(candidates.map((c) => [c.nodeId, c]));
  const choices: RefinementChoice[] = [];
  const notes: string[] = [];
  for (const item of nodes as { nodeId?: unknown; reason?: unknown; prompt?: unknown }[]) {
    const candidate = typeof item?.nodeId === 'string' ? byId.get(item.nodeId) : undefined;
    if (!candidate) {
      notes.push(`skipped ${JSON.stringify(item?.nodeId ?? null)}: not a node feedback can change`);
      continue;
    }
    if (choices.some((c) => c.nodeId === candidate.nodeId)) continue;
    const reason =
      typeof item.reason === 'string' && item.reason.trim()
        ? clipToLength(item.reason.trim(), 500)
        : 'chosen by the model';
    const usable = typeof item.prompt === 'string' && samePlaceholders(item.prompt, candidate.prompt);
    if (!usable) notes.push(`${candidate.nodeId}: the rewritten prompt was unusable; the rules rewrote it`);
    const prompt = usable
      ? clipToLength(item.prompt as string, PROMPT_MAX_LENGTH)
      : rewritePrompt(candidate.prompt, feedback);
    choices.push({ nodeId: candidate.nodeId, reason, prompt });
  }
  if (choices.length === 0)
    return {
      error: nodes.length === 0 ? 'the answer chose no node' : 'the answer chose no node of this run',
    };
  return { selection: { method: 'model', choices }, notes };
}

function samePlaceholders(next: string, previous: string): boolean {
  const key = (text: string) => {
    const refs = templateRefs(text);
    return [...new Set([...refs.params, ...refs.nodes.map((n) => `nodes.${n}`)])].sort().join(',');
  };
  return next.trim() !== '' && key(next) === key(previous);
}
