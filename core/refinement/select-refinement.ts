import type { Modality } from '../graph/modality';
import type { RefinementCandidate } from './candidates';
import { rewritePrompt } from './prompt';
import { canApply, type DirectionSupport } from './refinement-report';
import type { RefinementSelection } from './selection';
import { lexicon } from '../language/lexicon';
import { plainWords } from '../language/tokens';

const { modalities: MODALITY_WORDS, stopwords } = lexicon.refinementTargets;
const STOPWORDS = new Set(stopwords.words);
const MODALITIES = ['image', 'text', 'audio', 'video'] as const;

/** Lower-case content words with a naive plural stem, braces removed. */
export function feedbackWords(text: string): string[] {
  const words = plainWords(text).filter((w) => w.length > 1 && !STOPWORDS.has(w));
  return [...new Set(words.map(stem))];
}

const stem = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** Modalities the feedback names; a word is read as written first ("captions" -> video), then singular ("hashtags" -> text). */
export function modalitiesNamed(feedback: string): Modality[] {
  const found = new Set<Modality>();
  for (const word of plainWords(feedback)) {
    const exact = MODALITIES.filter((m) => MODALITY_WORDS[m].includes(word));
    for (const m of exact.length > 0
      ? exact
      : MODALITIES.filter((m) => MODALITY_WORDS[m].includes(stem(word))))
      found.add(m);
  }
  return MODALITIES.filter((m) => found.has(m));
}

const DIRECT_MODALITY_SCORE = 3;
const FED_MODALITY_SCORE = 2;
const LABEL_WORD_SCORE = 2;
const PROMPT_WORD_SCORE = 1;

/**
 * The rules' choice for a feedback: the nodes its words name (selectRefinement), or, when none of those can
 * apply any of it, the nodes that can (widenSelection). `supportOf` reads the feedback as a node's provider will.
 */
export function chooseByRules(
  candidates: RefinementCandidate[],
  feedback: string,
  supportOf: (nodeId: string) => DirectionSupport,
): RefinementSelection {
  return widenSelection(selectRefinement(candidates, feedback), candidates, feedback, supportOf);
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

/**
 * Wording does not decide which node a direction lands on (issue 29 item 6): "make the text serif" names
 * text, but only the picture sets type. When the rules chose nodes whose providers can apply none of the
 * feedback (verified readings only), the other candidates are read too, and those that can apply some of
 * it are chosen instead, each saying why.
 * 1. A model's selection, or one where some chosen node can apply something, is kept as it is.
 * 2. Otherwise every other candidate's provider reads the feedback; those applying something are added.
 * 3. Nothing applicable anywhere: the selection is kept, so its declines are what the answer reports.
 */
export function widenSelection(
  selection: RefinementSelection,
  candidates: RefinementCandidate[],
  feedback: string,
  supportOf: (nodeId: string) => DirectionSupport,
): RefinementSelection {
  if (selection.method !== 'rules') return selection;
  if (selection.choices.some((c) => canApply(supportOf(c.nodeId)))) return selection;
  const chosen = new Set(selection.choices.map((c) => c.nodeId));
  const named = selection.choices
    .map((c) => candidates.find((x) => x.nodeId === c.nodeId)?.label)
    .filter(Boolean)
    .map((l) => `"${l}"`)
    .join(', ');
  const able = candidates.filter((c) => {
    if (chosen.has(c.nodeId)) return false;
    const support = supportOf(c.nodeId);
    return support.verified && support.applied.length > 0;
  });
  if (able.length === 0) return selection;
  return {
    method: 'rules',
    choices: able.map((c) => ({
      nodeId: c.nodeId,
      reason: `the feedback's words pointed at ${named}, which cannot apply it; "${c.label}" can (${supportOf(c.nodeId).applied.join(', ')})`,
      prompt: rewritePrompt(c.prompt, feedback),
    })),
  };
}
