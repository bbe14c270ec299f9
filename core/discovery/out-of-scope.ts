import type { BriefReading, ReadToken } from './brief-reading';
import type { DiscoveryCandidate } from './candidate';
import { catalogTerms, type CatalogIndex } from './catalog-index';
import { mediaIn, mediaMismatch } from './input-media';
import { lexicon } from '../language/lexicon';
import { isStopword } from '../language/normalize';
import { OPERATION_WORDS, requestedOperations } from './operations';
import {
  asksForAdvice,
  beyondScale,
  longTextAsked,
  preciseDrawingAsked,
  requestedFormats,
} from './requested-kinds';

/**
 * Decisive checks: what a brief asks for that an app cannot do, whatever words they share.
 * - operation: the brief asks to translate, schedule, analyse, send, edit, convert ... something,
 *   and the app's name, description and tags never name that operation;
 * - format: the brief asks for a file format the app does not output (a PDF, an SVG, a spreadsheet),
 *   a long written document or plan, or a drawing exact to its data (a floor plan, a chart);
 * - scale: the brief asks for a long document or a long recording (12 pages, 2,000 words, a
 *   10-minute video): every app here makes short social content;
 * - media: the brief works on media of its own the app cannot take (a video, for a photo app);
 * - excluded: the brief names one of the app's excludedIntents in its request (not negated, not in
 *   the topic or the content it carries).
 */
export interface Exclusion {
  kind: 'operation' | 'format' | 'scale' | 'media' | 'excluded';
  /** The words of the brief that decided it. */
  terms: string[];
  explanation: string;
}

/** The word is part of one of the app's option labels as the brief writes it ("problem and fix angle"). */
function insideLabel(reading: BriefReading, token: ReadToken, labels: string[][]): boolean {
  const words = reading.tokens.filter((t) => t.type === 'word' && !isStopword(t.word));
  const at = words.indexOf(token);
  return labels.some((label) =>
    label.some((_, offset) => {
      const from = at - offset;
      return from >= 0 && label.every((term, j) => words[from + j]?.term === term);
    }),
  );
}

const sharesStem = (term: string, vocabulary: Set<string>) =>
  [...vocabulary].some(
    (v) => v === term || (term.length >= 4 && v.length >= 4 && (v.startsWith(term) || term.startsWith(v))),
  );

function containsPhrase(sequence: string[], phrase: string[]): boolean {
  for (let i = 0; i + phrase.length <= sequence.length; i++)
    if (phrase.every((w, j) => sequence[i + j] === w)) return true;
  return false;
}

/**
 * What rules an app out for this brief, decisively. `request` is the brief's request terms in
 * order (ask, label and aside zones, negated words left out).
 */
export function exclusionsFor(
  candidate: DiscoveryCandidate,
  reading: BriefReading,
  index: CatalogIndex,
  request: string[],
): Exclusion[] {
  const out: Exclusion[] = [];
  const actions = index.actionTerms.get(candidate.appId) ?? new Set<string>();
  const labels = (candidate.optionLabels ?? []).map(catalogTerms).filter((l) => l.length > 1);
  // An app that takes no media cannot do to the caller's own banner what it does to what it makes.
  const takesMedia = (candidate.requiredMedia ?? []).length > 0;
  for (const op of requestedOperations(reading))
    if (
      (!sharesStem(op.term, actions) || (op.onOwnMedia && !takesMedia)) &&
      !insideLabel(reading, op.token, labels)
    )
      out.push({
        kind: 'operation',
        terms: [op.token.text],
        explanation: op.onOwnMedia
          ? `the brief asks to ${op.token.word} (${op.family}) media it already has, which ${candidate.name} does not do`
          : `the brief asks to ${op.token.word} (${op.family}), which ${candidate.name} does not do`,
      });
  for (const f of requestedFormats(reading)) {
    const produced =
      candidate.capabilities.outputFormats.includes(f.mime) || candidate.frontmatter.formats.includes(f.word);
    if (!produced)
      out.push({
        kind: 'format',
        terms: [f.word],
        explanation: `the brief asks for ${f.word.toUpperCase()}, which ${candidate.name} does not output`,
      });
  }
  const mismatch = mediaMismatch(candidate, mediaIn(reading).own);
  if (mismatch)
    out.push({
      kind: 'media',
      terms: [mismatch],
      explanation: `the brief works on a ${mismatch} of its own, and ${candidate.name} takes only ${(candidate.requiredMedia ?? []).join(' or ')}`,
    });
  if (asksForAdvice(reading))
    out.push({
      kind: 'operation',
      terms: [reading.brief.split(/\s+/)[0]],
      explanation: `the brief asks a question (advice), which ${candidate.name} does not answer`,
    });
  const long = longTextAsked(reading);
  if (long)
    out.push({
      kind: 'format',
      terms: [long],
      explanation: `the brief asks for a written ${long}, longer than any copy ${candidate.name} writes`,
    });
  const drawing = preciseDrawingAsked(reading);
  if (drawing)
    out.push({
      kind: 'format',
      terms: [drawing],
      explanation: `the brief asks for a ${drawing}, a drawing exact to its measures or data, which ${candidate.name} does not draw`,
    });
  const scale = beyondScale(reading);
  if (scale)
    out.push({
      kind: 'scale',
      terms: [scale],
      explanation: `the brief asks for ${scale}, far longer than anything ${candidate.name} makes`,
    });
  for (const { phrase, terms } of index.excluded.get(candidate.appId) ?? [])
    if (terms.length > 0 && containsPhrase(request, terms))
      out.push({
        kind: 'excluded',
        terms: [phrase],
        explanation: `${candidate.name} is not meant for "${phrase}"`,
      });
  return out;
}

/** Every word the checks know, for the typo vocabulary ("translte", "spreadshet"). */
export const OUT_OF_SCOPE_WORDS = [...OPERATION_WORDS, ...lexicon.outOfScopeWords.typo_words.words];
