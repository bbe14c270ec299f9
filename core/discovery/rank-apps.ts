import { appFields, vocabularyOf, type AppField } from './app-fields';
import type { DiscoveryCandidate } from './candidate';
import { meetsConstraints, type DiscoveryConstraints } from './constraints';
import { platformsIn, readIntent, summarizeIntent, type IntentMedium } from './intent';
import { terms, words } from './normalize';
import { containsSequence, scoreFields, type IntentTerms, type MatchReason } from './score-app';
import { synonymsOf } from './synonyms';

export interface DiscoveryMatch {
  appId: string;
  name: string;
  description: string | null;
  relevanceScore: number;
  capabilities: DiscoveryCandidate['capabilities'];
  estimatedCredits: number;
  whyMatch: string;
  matchReasons: MatchReason[];
}

export interface DiscoveryResult {
  matches: DiscoveryMatch[];
  intent: { medium: IntentMedium; summary: string };
}

export interface RankOptions {
  constraints?: DiscoveryConstraints;
  limit?: number;
  /** Cosine similarity of the intent and each app (by id), when an embeddings model is configured. */
  semantic?: Map<string, number>;
}

/** Below this an app is not a match at all. */
export const MIN_RELEVANCE = 0.1;
/** Excluded intents and a missing medium push an app down this much. */
const EXCLUDED_FACTOR = 0.3;
const WRONG_MEDIUM_FACTOR = 0.45;
/** raw / (raw + SATURATION): the lexical evidence as 0..1. */
const SATURATION = 6;
const SEMANTIC_SHARE = 0.35;

/**
 * Ranks candidate apps for a natural-language intent.
 * 1. Read the intent without its quoted passages and URLs: stemmed terms, the medium it asks for, the platforms it names.
 * 2. Drop apps that fail the constraints (credits for a whole run, output format).
 * 3. Weigh each term by its rarity among the candidates (idf); a term no candidate knows is ignored.
 * 4. Lexical score = 0.6 x coverage + 0.4 x saturated raw field score (see scoreFields).
 * 5. An app whose outputs lack the asked-for medium, or whose excludedIntents the intent names, is
 *    pushed down; with embeddings, the semantic similarity is blended in.
 * 6. Keep apps above MIN_RELEVANCE, best first (ties by name), at most `limit`.
 */
export function rankApps(
  intentText: string,
  candidates: DiscoveryCandidate[],
  options: RankOptions = {},
): DiscoveryResult {
  // Quoted passages and URLs are the content the caller carries (a quote, a script, a photo), not the request.
  const asked = askedPart(intentText);
  const reading = readIntent(asked);
  const intent = intentTerms(asked);
  const eligible = candidates.filter((c) => meetsConstraints(c, options.constraints ?? {}));
  const profiles = eligible.map((c) => ({ candidate: c, fields: appFields(c) }));
  const idf = idfOver(profiles.map((p) => vocabularyOf(p.fields)));

  const scored = profiles.map(({ candidate, fields }) =>
    scoreCandidate(candidate, fields, intent, reading.medium, idf, options.semantic),
  );
  const matches = scored
    .filter((m) => m.relevanceScore >= MIN_RELEVANCE)
    .sort(
      (a, b) =>
        b.relevanceScore - a.relevanceScore || a.name.localeCompare(b.name) || a.appId.localeCompare(b.appId),
    )
    .slice(0, options.limit ?? 5);
  return {
    matches,
    intent: {
      medium: reading.medium,
      summary: summarizeIntent(intentText, reading.medium, platformsIn(intentText)),
    },
  };
}

function scoreCandidate(
  candidate: DiscoveryCandidate,
  fields: AppField[],
  intent: IntentTerms,
  medium: IntentMedium,
  idf: (t: string) => number,
  semantic?: Map<string, number>,
): DiscoveryMatch {
  const { raw, coverage, reasons } = scoreFields(intent, fields, idf);
  let score = raw > 0 ? 0.6 * coverage + 0.4 * (raw / (raw + SATURATION)) : 0;
  if (medium !== 'mixed') {
    if (candidate.outputTypes.includes(medium)) {
      // Text comes with most apps; for a text request, apps that mostly write rank above those that mostly draw.
      if (medium === 'text') score *= 0.6 + 0.4 * candidate.outputShare.text;
      if (score > 0)
        reasons.push({
          source: 'capability',
          field: 'outputs',
          terms: [medium],
          explanation: `outputs ${medium}, the medium the intent asks for`,
        });
    } else score *= WRONG_MEDIUM_FACTOR;
  }
  const excluded = candidate.frontmatter.excludedIntents.filter((phrase) => {
    const p = terms(phrase);
    return p.length > 0 && containsSequence(intent.sequence, p);
  });
  if (excluded.length > 0) score *= EXCLUDED_FACTOR;
  const similarity = semantic?.get(candidate.appId);
  if (similarity !== undefined) {
    const s = Math.min(1, Math.max(0, (similarity - 0.2) / 0.6));
    score = (1 - SEMANTIC_SHARE) * score + SEMANTIC_SHARE * s;
    reasons.push({
      source: 'semantic',
      field: 'embedding',
      terms: [],
      explanation: `semantic similarity ${similarity.toFixed(2)} between the intent and the app's description`,
    });
  }
  const relevanceScore = Math.round(Math.min(1, score) * 1000) / 1000;
  return {
    appId: candidate.appId,
    name: candidate.name,
    description: candidate.description,
    relevanceScore,
    capabilities: candidate.capabilities,
    estimatedCredits: candidate.estimatedCredits,
    whyMatch: whyMatch(candidate, reasons, excluded),
    matchReasons: reasons,
  };
}

function whyMatch(candidate: DiscoveryCandidate, reasons: MatchReason[], excluded: string[]): string {
  const top = reasons.slice(0, 3).map((r) => r.explanation);
  const because = top.length > 0 ? top.join('; ') : 'no strong overlap with the intent';
  const caveat =
    excluded.length > 0
      ? ` (ranked lower: the app is not meant for ${excluded.map((e) => `"${e}"`).join(', ')})`
      : '';
  return `${candidate.name}: ${because}${caveat}.`;
}

export function askedPart(text: string): string {
  return text
    .replace(/["“][^"“”]*["”]|(?:^|\s)['‘][^'‘’]{3,}?['’](?=[\s.,;:!?]|$)/g, ' ')
    .replace(/\bhttps?:\/\/\S+/gi, ' ');
}

export function intentTerms(text: string): IntentTerms {
  const display = new Map<string, string>();
  const sequence: string[] = [];
  for (const w of words(text)) {
    const t = terms(w)[0];
    if (!t) continue;
    sequence.push(t);
    if (!display.has(t)) display.set(t, w);
  }
  return { unique: [...new Set(sequence)], sequence, display };
}

/**
 * Normalised inverse document frequency over the candidates: ln(1 + N/df) / ln(1 + N), where df
 * counts apps holding the term or a synonym of it; 0 for a term no app knows.
 */
function idfOver(vocabularies: Set<string>[]): (term: string) => number {
  const n = vocabularies.length;
  const cache = new Map<string, number>();
  return (term) => {
    if (cache.has(term)) return cache.get(term)!;
    const forms = [term, ...synonymsOf(term)];
    const df = vocabularies.filter((v) => forms.some((f) => v.has(f))).length;
    const value = df === 0 || n === 0 ? 0 : Math.log(1 + n / df) / Math.log(1 + n);
    cache.set(term, value);
    return value;
  };
}
