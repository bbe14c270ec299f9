import { INDEX_FIELDS, type CatalogIndex } from './catalog-index';
import { containsPhrase, creditsOf, FUZZY_MIN, nameCoverageOf, withoutFields, wordWeight } from './coverage';
import type { EvidenceTerm } from './evidence';
import { reasonsOf, type MatchReason } from './match-reasons';

export type { MatchReason };

export interface AppScore {
  /** Calibrated 0..1, before the medium, negation and semantic adjustments. */
  relevance: number;
  /** BM25 plus phrase bonus. */
  raw: number;
  /** Weighted share of the brief's known evidence the app matches, 0..1. */
  coverage: number;
  /** Best share of the app's name (or of one alias) that the brief asks for, 0..1. */
  nameCoverage: number;
  /** The app matches a word of the request itself, not only its topic, context or content. */
  requestMatched: boolean;
  reasons: MatchReason[];
}

/** BM25 at which the evidence counts half: a strong match of several request words scores several hundred. */
const SATURATION = 200;
/** relevance = COVERAGE x coverage + NAME x name coverage + the rest x raw / (raw + SATURATION). */
const COVERAGE_SHARE = 0.45;
const NAME_SHARE = 0.4;
/** A multi-word name, alias, keyword or use case found as a phrase in the request counts again. */
const PHRASE_BONUS = 1.5;
/**
 * Scores every app for the brief's evidence.
 * 1. BM25 (minisearch) over the index fields with their boosts; each term boosted by its evidence
 *    weight; words of five letters or more also match fuzzily (typos) and as prefixes.
 * 2. A multi-word tag of a weighty field found whole in the request adds PHRASE_BONUS x its length.
 * 3. Coverage: the evidence weight an app matches over the weight any app matches (a term no app
 *    knows, the subject matter, neither helps nor hurts); a synonym covers at its own weight.
 * 4. Name coverage: how much of the app's name or an alias the brief asks for (nameCoverageOf).
 * 5. relevance = 0.45 x coverage + 0.4 x name coverage + 0.15 x raw / (raw + SATURATION).
 * 5. Reasons name, per field, the brief's words that matched there, strongest field first.
 */
export function scoreApps(
  index: CatalogIndex,
  evidence: EvidenceTerm[],
  request: string[],
): Map<string, AppScore> {
  const boost = new Map(evidence.map((e) => [e.term, e.boost]));
  const byTerm = new Map(evidence.map((e) => [e.term, e]));
  const out = new Map<string, AppScore>();
  if (evidence.length === 0) return out;
  const results = index.search.search(evidence.map((e) => e.term).join(' '), {
    boost: INDEX_FIELDS,
    boostTerm: (term) => boost.get(term) ?? 0,
    // Only the request's own words are matched loosely: not a synonym ("audio" -> "audiogram"), not content.
    // Edits only for words wink does not know: "promote" is no typo of "prompt".
    fuzzy: (term) => (loose(byTerm.get(term)) && byTerm.get(term)?.unknown ? 0.2 : false),
    prefix: (term) => loose(byTerm.get(term)),
    combineWith: 'OR',
  });
  const credits = new Map(results.map((r) => [r.id as string, creditsOf(r.match, evidence, index.idf)]));
  // A word only an option label or an audience holds ("neon" city streets) is not evidence a fit must cover.
  const telling = results.map((r) => creditsOf(withoutFields(r.match, WEAK_FIELDS), evidence, index.idf));
  const knownWords = new Map<string, number>();
  for (const perWord of telling)
    for (const word of perWord.keys()) knownWords.set(word, wordWeight(evidence, word, index.idf));
  const knownWeight = [...knownWords.values()].reduce((a, b) => a + b, 0);

  for (const r of results) {
    const id = r.id as string;
    const phrases = phraseHits(index, id, request);
    const raw = r.score + phraseBonus(phrases);
    // Words of a tag or compound the request names as a phrase ("talking-to-camera") are fully covered.
    for (const term of phrases.flat()) {
      const e = byTerm.get(term);
      if (e && !e.synonym) {
        const word = e.word.toLowerCase();
        credits.get(id)!.set(word, Math.max(credits.get(id)!.get(word) ?? 0, e.weight * index.idf(term)));
      }
    }
    const matched = [...credits.get(id)!.values()].reduce((a, b) => a + b, 0);
    const coverage = knownWeight > 0 ? Math.min(1, matched / knownWeight) : 0;
    const nameCoverage = nameCoverageOf(index.names.get(id) ?? [], evidence, request, index.idf);
    const relevance =
      COVERAGE_SHARE * coverage +
      NAME_SHARE * nameCoverage +
      (1 - COVERAGE_SHARE - NAME_SHARE) * (raw / (raw + SATURATION));
    const requestMatched = [...credits.get(id)!.keys()].some(
      (word) =>
        Math.max(0, ...evidence.filter((e) => e.word.toLowerCase() === word).map((e) => e.weight)) >=
        REQUEST_WEIGHT,
    );
    out.set(id, {
      relevance,
      raw,
      coverage,
      nameCoverage,
      requestMatched,
      reasons: reasonsOf(r.match, byTerm, phrases),
    });
  }
  return out;
}

const WEAK_FIELDS = new Set(['options', 'audiences']);
/** Evidence at least this heavy comes from the request (ask, label, aside, key, context), not the topic. */
const REQUEST_WEIGHT = 0.5;

const phraseBonus = (phrases: string[][]) => phrases.reduce((sum, p) => sum + PHRASE_BONUS * p.length, 0);

/** Words matched fuzzily and by prefix: the brief's own request words of five letters or more. */
const loose = (e: EvidenceTerm | undefined) =>
  e !== undefined && !e.synonym && e.term.length >= FUZZY_MIN && e.weight >= LOOSE_MIN_WEIGHT;
const LOOSE_MIN_WEIGHT = 0.5;

function phraseHits(index: CatalogIndex, appId: string, request: string[]): string[][] {
  // The name and an alias may hold the same phrase ("three slide"): it counts once.
  const phrases = new Map((index.phrases.get(appId) ?? []).map((p) => [p.join(' '), p]));
  return [...phrases.values()].filter((p) => p.length >= 2 && containsPhrase(request, p));
}
