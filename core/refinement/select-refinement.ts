import type { Modality } from '../graph/modality';
import type { RefinementCandidate } from './candidates';
import { rewritePrompt } from './prompt';
import type { RefinementSelection } from './selection';
import { feedbackWords, modalitiesNamed } from './words';

const DIRECT_MODALITY_SCORE = 3;
const FED_MODALITY_SCORE = 2;
const LABEL_WORD_SCORE = 2;
const PROMPT_WORD_SCORE = 1;

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
