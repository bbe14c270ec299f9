import type { Modality } from './modality';
import type { Plan, PlanNode } from './plan';
import { templateRefs } from './template';

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

export interface RefinementChoice {
  nodeId: string;
  reason: string;
  prompt: string;
}

export interface RefinementSelection {
  method: 'rules' | 'model';
  choices: RefinementChoice[];
}

export const FEEDBACK_MAX_LENGTH = 2000;
const PROMPT_MAX_LENGTH = 4000;
const PROMPT_TYPES = new Set(['text.generate', 'image.generate', 'video.generate']);
const DIRECT_MODALITY_SCORE = 3;
const FED_MODALITY_SCORE = 2;
const LABEL_WORD_SCORE = 2;
const PROMPT_WORD_SCORE = 1;

/** Words in feedback that name a modality. */
const MODALITY_WORDS: Record<Modality, string[]> = {
  image: [
    'image',
    'picture',
    'photo',
    'photograph',
    'visual',
    'colour',
    'color',
    'graphic',
    'illustration',
    'background',
    'brighter',
    'darker',
    'palette',
    'slide',
    'banner',
    'thumbnail',
    'poster',
  ],
  text: [
    'caption',
    'text',
    'copy',
    'headline',
    'hashtag',
    'title',
    'wording',
    'tone',
    'sentence',
    'word',
    'shorter',
    'longer',
    'script',
    'alt',
  ],
  audio: [
    'voice',
    'voiceover',
    'narration',
    'narrator',
    'audio',
    'speech',
    'spoken',
    'louder',
    'slower',
    'faster',
  ],
  video: ['video', 'clip', 'motion', 'captions', 'subtitle', 'animation', 'reel', 'footage'],
};

const STOPWORDS = new Set(
  (
    'a an the and or but of for to in on at by with from into about as is are be it its this that these those ' +
    "make more less much very please can could should would it's i we you our my your me us some any too so " +
    'just also there here than then not no do does want need like should use using one all'
  ).split(' '),
);

/** Lower-case content words with a naive plural stem, braces removed. */
export function feedbackWords(text: string): string[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (w) => w.length > 1 && !STOPWORDS.has(w),
  );
  return [...new Set(words.map(stem))];
}

const stem = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/**
 * The prompt-bearing nodes of a plan among `within` (the nodes the run executed), with what each feeds.
 * 1. A candidate is a text.generate, image.generate or video.generate node with a string prompt.
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
        typeof n.config.prompt === 'string' &&
        n.config.prompt.trim() !== '',
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
        prompt: node.config.prompt as string,
        produces: node.produces,
        feeds: [...feeds],
        outputLabels,
      };
    });
}

/**
 * Chooses the nodes a feedback is about and rewrites their prompts, by rules.
 * 1. The feedback's words name modalities ("picture" -> image, "narration" -> audio, "captions" -> video).
 * 2. Each candidate scores 3 when it produces a named modality, 2 when it feeds one through a
 *    non-prompt node (a script feeding a voiceover), 2 per word shared with its label or output
 *    labels, 1 per word shared with its type or prompt.
 * 3. For each named modality, the best-scoring candidates producing or feeding it are chosen (ties
 *    all chosen); with no modality named, the best overall; nothing scoring falls back to the
 *    generation nodes feeding outputs.
 * 4. Each chosen prompt gets the feedback appended as a revision directive.
 */
export function selectRefinement(candidates: RefinementCandidate[], feedback: string): RefinementSelection {
  const words = feedbackWords(feedback);
  const wanted = modalitiesNamed(feedback);
  const scored = candidates.map((c) => scoreCandidate(c, words, wanted));
  const best = bestScored(scored, wanted);
  const chosen =
    best.length > 0
      ? best.map((s) => ({ candidate: s.candidate, reason: s.reasons.join('; ') }))
      : fallbackCandidates(candidates).map((c) => ({
          candidate: c,
          reason: `no node matched the feedback's words; "${c.label}" is the generation step behind ${describeOutputs(c)}`,
        }));
  return {
    method: 'rules',
    choices: chosen.map(({ candidate, reason }) => ({
      nodeId: candidate.nodeId,
      reason,
      prompt: rewritePrompt(candidate.prompt, feedback),
    })),
  };
}

/** Modalities the feedback names; a word is read as written first ("captions" -> video), then singular ("hashtags" -> text). */
export function modalitiesNamed(feedback: string): Modality[] {
  const all = Object.keys(MODALITY_WORDS) as Modality[];
  const found = new Set<Modality>();
  for (const word of feedback.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const exact = all.filter((m) => MODALITY_WORDS[m].includes(word));
    for (const m of exact.length > 0 ? exact : all.filter((m) => MODALITY_WORDS[m].includes(stem(word))))
      found.add(m);
  }
  return all.filter((m) => found.has(m));
}

type Scored = ReturnType<typeof scoreCandidate>;

/** Per named modality, the top scorers among the nodes producing or feeding it; else the top overall. */
function bestScored(scored: Scored[], wanted: Modality[]): Scored[] {
  const top = (group: Scored[]) => {
    const max = Math.max(0, ...group.map((s) => s.score));
    return max > 0 ? group.filter((s) => s.score === max) : [];
  };
  const picked = new Set(
    wanted.flatMap((m) =>
      top(scored.filter((s) => s.candidate.produces === m || s.candidate.feeds.includes(m))),
    ),
  );
  const result = picked.size > 0 ? scored.filter((s) => picked.has(s)) : top(scored);
  return result;
}

function scoreCandidate(c: RefinementCandidate, words: string[], wanted: Modality[]) {
  const reasons: string[] = [];
  let score = 0;
  if (wanted.includes(c.produces)) {
    score += DIRECT_MODALITY_SCORE;
    reasons.push(`the feedback is about ${c.produces} and "${c.label}" produces ${c.produces}`);
  }
  const fed = c.feeds.filter((m) => wanted.includes(m) && m !== c.produces);
  if (fed.length > 0) {
    score += FED_MODALITY_SCORE;
    reasons.push(`the feedback is about ${fed.join(' and ')} and "${c.label}" feeds it`);
  }
  const labelWords = new Set(feedbackWords([c.label, ...c.outputLabels].join(' ')));
  const labelHits = words.filter((w) => labelWords.has(w));
  if (labelHits.length > 0) {
    score += LABEL_WORD_SCORE * labelHits.length;
    reasons.push(`its label matches ${quoteList(labelHits)}`);
  }
  const promptWords = new Set(
    feedbackWords(`${c.type.replace('.', ' ')} ${c.prompt.replace(/\{\{[^}]*\}\}/g, ' ')}`),
  );
  const promptHits = words.filter((w) => promptWords.has(w) && !labelWords.has(w));
  if (promptHits.length > 0) {
    score += PROMPT_WORD_SCORE * promptHits.length;
    reasons.push(`its prompt mentions ${quoteList(promptHits)}`);
  }
  return { candidate: c, score, reasons };
}

/** Candidates that reach an app output directly (only passthrough nodes between), else all of them. */
function fallbackCandidates(candidates: RefinementCandidate[]): RefinementCandidate[] {
  const feedingOutputs = candidates.filter((c) => c.outputLabels.length > 0 && c.feeds.length === 0);
  return feedingOutputs.length > 0 ? feedingOutputs : candidates;
}

const describeOutputs = (c: RefinementCandidate) =>
  c.outputLabels.length > 0 ? `output ${quoteList(c.outputLabels)}` : "the run's outputs";
const quoteList = (items: string[]) => items.map((i) => `"${i}"`).join(', ');

/** Feedback text is data, never a template: placeholder braces are removed. */
export const sanitizeFeedback = (feedback: string) =>
  feedback.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();

/**
 * Appends the feedback as a revision directive; a prompt that would grow past the template limit
 * keeps its start and the newest directive.
 */
export function rewritePrompt(prompt: string, feedback: string): string {
  const directive = `. Revision: ${sanitizeFeedback(feedback)}`;
  const base = prompt.trim().replace(/[.\s]+$/, '');
  return `${base.slice(0, PROMPT_MAX_LENGTH - directive.length)}${directive}`;
}

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
        ? item.reason.trim().slice(0, 500)
        : 'chosen by the model';
    const prompt =
      typeof item.prompt === 'string' && samePlaceholders(item.prompt, candidate.prompt)
        ? item.prompt.slice(0, PROMPT_MAX_LENGTH)
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
