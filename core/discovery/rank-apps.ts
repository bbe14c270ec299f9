import { lexicon } from '../language/lexicon';
import { askedMedium, adjustedMatch, placementFactor, REVIEW_TERMS } from './adjust-score';
import { readBrief, termOf, type BriefReading } from './brief-reading';
import { speakerBefore } from '../language/spans';
import type { DiscoveryCandidate } from './candidate';
import { carriesPoints, carriesScript, pointsFactor, scriptFactor } from './carried-content';
import { catalogIndex } from './catalog-index';
import { meetsConstraints, type DiscoveryConstraints } from './constraints';
import { cueVocabulary } from './cue-words';
import { evidenceOf, requestSequence, ZONE_WEIGHTS, type EvidenceTerm } from './evidence';
import { mediaFactor, mediaIn } from './input-media';
import { orientationFactor, statedOrientation } from './orientation';
import { platformsIn } from '../language/placement';
import { summarizeIntent, type IntentMedium } from './intent';
import type { DiscoveryMatch } from './match';
import { exclusionsFor, type Exclusion } from './out-of-scope';
import { scoreApps, type MatchReason } from './score-app';
import { placedOnPlatform } from '../language/token-marks';
import { FIT_THRESHOLD, verdictOf, type DiscoveryVerdict } from './verdict';
import { nearMissesByExamples } from './near-misses';
import { confidenceOf, runConfidenceOf, type ModelKind } from './judgement/confidence';
import { appFeatures, type AppFeatures } from './judgement/features';
import type { SemanticEvidence } from './judgement/semantic-evidence';

export type { MatchReason, DiscoveryVerdict };
export { FIT_THRESHOLD };

export interface DiscoveryResult {
  matches: DiscoveryMatch[];
  intent: { medium: IntentMedium; summary: string };
  verdict: DiscoveryVerdict;
  /** The first match's confidence, the model that judged it, and every listed app's features. */
  judgement: { confidence: number; model: ModelKind; features: Map<string, AppFeatures> };
  /** With no app listed: apps the nearest example requests were made with, to offer, never to run. */
  nearMisses: DiscoveryMatch[];
}

export interface RankOptions {
  constraints?: DiscoveryConstraints;
  limit?: number;
  /** What an embeddings model, when configured, says of the intent: each app's similarity and the nearest out-of-scope kind's. */
  semantic?: SemanticEvidence;
  /** A medium the caller states (content/create's `modality`), read like a cue in the brief. */
  modality?: string | null;
  /** A platform the caller states apart from the brief (content/create's `platform`). */
  platform?: string | null;
}

/** Apps are listed from here (below the fit threshold, as weaker alternatives). */
export const MIN_RELEVANCE = 0.1;
/** A term the brief does not write but implies, named with what implies it in the match reasons. */
const impliedTerm = (word: string, weight: number, impliedBy: string): EvidenceTerm => ({
  term: termOf(word),
  word,
  weight,
  boost: weight,
  synonym: false,
  impliedBy,
});
const PLATFORM_POST = impliedTerm('post', 1, 'a platform or a verb of sharing, with nothing named to make');
const PLACED_POST = impliedTerm('post', 0.5, 'what the brief names goes on a platform');
const SHARING: ReadonlySet<string> = new Set(lexicon.ranking.sharing.lemmas);
const QUOTED_LINE = impliedTerm('quote', 1, 'a quotation with its author');
const LISTED_POINTS = impliedTerm('points', 0.6, 'a list of points to cover');
const CARRIED_SCRIPT = impliedTerm('script', 0.6, 'a passage the brief brings to be read out');

/**
 * Ranks candidate apps for a natural-language intent and decides whether any fits.
 * 1. Read the brief (readBrief): structure, zones, typo corrections against the catalog and cue words.
 * 2. Evidence: request words weighted by zone (the ask over the topic over the content; quotes, URLs,
 *    platforms and aspect ratios never count), with synonyms at half weight; negated words apart.
 * 3. BM25 over names, tags, descriptions and parameters (minisearch, fuzzy and prefix), calibrated
 *    to 0..1 with the share of the evidence the app covers (scoreApps).
 * 4. Adjustments (adjustedMatch): an app without the medium the request asks for (not the topic's),
 *    one that makes what the brief declines, one waiting for an approval nobody asked for, one
 *    needing media the brief neither links nor names, and a general app when a platform is named
 *    rank lower. With embeddings, the similarity is blended in.
 * 5. Decisive exclusions (out-of-scope: operations, formats, scale, advice, long documents, media
 *    the app cannot take, excludedIntents) remove an app.
 * 6. A platform named with nothing to make ("brag on Facebook") asks for a post there; a quotation
 *    and its author with nothing to make, for a quote.
 * 7. Constraints filter; apps above MIN_RELEVANCE are listed best first (ties by name).
 * 8. Verdict (verdictOf): fit when the best app reaches FIT_THRESHOLD on words of the request itself;
 *    otherwise unmatched, with the reason.
 */
export function rankApps(
  intentText: string,
  candidates: DiscoveryCandidate[],
  options: RankOptions = {},
): DiscoveryResult {
  const index = catalogIndex(candidates);
  const reading = withCallerPlatform(readForCatalog(intentText, candidates), options.platform);
  const medium = askedMedium(reading, options.modality);
  const evidence = evidenceOf(reading);
  const request = requestSequence(reading);
  // A platform named with nothing to make ("brag a little on Facebook", "something for the feed") asks for a post there.
  const named = evidence.terms.some(
    (e) => !e.synonym && e.weight >= ZONE_WEIGHTS.key && index.telling.has(e.term),
  );
  const placed = reading.platforms.length > 0 || reading.tokens.some((t) => t.placement);
  // A quotation and its author with nothing else to make ("\"Stay hungry\" - Steve Jobs", "... (Maya, age 9)") asks for a quote card.
  // Or with its author before it: "Ruth Bader Ginsburg's words \"Real change ...\"".
  const attributed = reading.spans.quotes.some(
    (q) =>
      /^["”']?\s*(?:[-–—~]|by\b|\()\s*\p{Lu}/u.test(reading.brief.slice(q.end)) ||
      speakerBefore(reading.brief, q) !== null,
  );
  // To announce, promote or celebrate something, with nothing named to make, is to post about it.
  // Not in what the content shows ("a rocket launching from a laptop"): that is the subject's act, not the brief's.
  const telling = reading.tokens.some(
    (t) =>
      SHARING.has(t.lemma) &&
      t.pos === 'VERB' &&
      t.zone !== 'quote' &&
      t.zone !== 'topic' &&
      t.zone !== 'content',
  );
  const points = carriesPoints(reading);
  // A list of points to cover, however long, is no script to read out.
  const script = !points && carriesScript(reading);
  // A quotation with its author is a quote to show whatever the brief names to make ("an image with Seneca's 'Luck is ...'").
  const implied = [
    ...(attributed ? [QUOTED_LINE] : []),
    ...(!named && (placed || telling) ? [PLATFORM_POST] : []),
    // "a picture and a few words to put up on our Facebook": what is named, placed on a platform, is a post there too.
    ...(named && (placedOnPlatform(reading.tokens) || reading.tokens.some((t) => t.placement))
      ? [PLACED_POST]
      : []),
    // "... explaining: add the bill, split it, pay in one tap": the brief lists points to cover.
    ...(points ? [LISTED_POINTS] : []),
    // "The voice must read this exactly: ...": the brief brings a script to be read out.
    ...(script ? [CARRIED_SCRIPT] : []),
  ];
  // A word the brief writes itself ("an Instagram post") is never replaced by the same word implied.
  const written = new Set(evidence.terms.filter((e) => !e.synonym).map((e) => e.term));
  const scores = scoreApps(
    index,
    [...evidence.terms, ...implied.filter((i) => !written.has(i.term))],
    request,
  );
  const media = mediaIn(reading);
  const orientation = statedOrientation(reading);

  const asksForReview = evidence.terms.some((e) => REVIEW_TERMS.has(e.term));
  const ranked: Omit<DiscoveryMatch, 'confidence'>[] = [];
  const exclusions = new Map<string, Exclusion[]>();
  const usable: DiscoveryCandidate[] = [];
  for (const candidate of candidates) {
    if (!meetsConstraints(candidate, options.constraints ?? {})) continue;
    const excluded = exclusionsFor(candidate, reading, index, request);
    if (excluded.length > 0) {
      exclusions.set(candidate.appId, excluded);
      continue;
    }
    usable.push(candidate);
    const score = scores.get(candidate.appId);
    if (!score) continue;
    const factors = {
      asksForReview,
      constraints:
        mediaFactor(candidate, media.all) *
        placementFactor(candidate, reading.platforms) *
        orientationFactor(candidate.appId, index, orientation) *
        scriptFactor(candidate, script) *
        pointsFactor(candidate, points),
    };
    ranked.push(
      adjustedMatch(candidate, score, medium, evidence.negated, index, factors, options.semantic?.apps),
    );
  }
  const listed = ranked
    .filter((m) => m.relevanceScore >= MIN_RELEVANCE)
    .sort(
      (a, b) =>
        b.relevanceScore - a.relevanceScore || a.name.localeCompare(b.name) || a.appId.localeCompare(b.appId),
    );
  const verdict = verdictOf(listed, exclusions, candidates, scores);
  const impliedWords = new Set(implied.map((i) => i.word));
  const requestTerms = evidence.terms.filter((e) => !e.synonym && e.weight >= REQUEST_EVIDENCE);
  const model: ModelKind = options.semantic ? 'semantic' : 'lexical';
  const features = appFeatures(
    listed.map((m) => {
      const score = scores.get(m.appId)!;
      return {
        appId: m.appId,
        relevance: m.relevanceScore,
        requestMatched: score.requestMatched,
        coverage: score.coverage,
        nameCoverage: score.nameCoverage,
        outputs: candidates.find((c) => c.appId === m.appId)?.outputTypes ?? [],
        impliedOnly:
          score.reasons.length > 0 && score.reasons.every((r) => r.terms.every((t) => impliedWords.has(t))),
      };
    }),
    {
      medium,
      excluded: exclusions.size,
      candidates: candidates.length,
      requestWords: requestTerms.length,
      unknownWords: requestTerms.filter((e) => !index.telling.has(e.term)).length,
      verdictFit: verdict.status === 'fit',
      outOfScope: options.semantic?.outOfScope,
    },
    options.semantic?.apps,
    options.semantic?.examples,
  );
  // The judged order: the likeliest app first; relevance, then name, break ties.
  const matches = listed
    .map((m) => ({ ...m, confidence: confidenceOf(features.get(m.appId)!, model) }))
    .sort(
      (a, b) =>
        b.confidence - a.confidence ||
        b.relevanceScore - a.relevanceScore ||
        a.name.localeCompare(b.name) ||
        a.appId.localeCompare(b.appId),
    )
    .slice(0, options.limit ?? 5);
  return {
    matches,
    intent: { medium, summary: summarizeIntent(intentText, medium, reading.platforms) },
    verdict,
    judgement: { confidence: runConfidence(matches, features, model), model, features },
    nearMisses:
      listed.length === 0
        ? nearMissesByExamples(
            options.semantic?.examples,
            usable,
            new Map(ranked.map((m) => [m.appId, m.relevanceScore])),
          )
        : [],
  };
}

/** How likely running the first match is right (0 with no match): the judgement's second stage. */
function runConfidence(
  matches: Array<{ appId: string; confidence: number }>,
  features: Map<string, AppFeatures>,
  model: ModelKind,
): number {
  const [first, runnerUp] = matches;
  if (!first) return 0;
  return runConfidenceOf(features.get(first.appId)!, first.confidence, runnerUp?.confidence ?? 0, model);
}

/** Evidence at least this heavy comes from the request itself (ask, label, aside), not its topic. */
const REQUEST_EVIDENCE = 0.5;

function withCallerPlatform(reading: BriefReading, platform: string | null | undefined): BriefReading {
  const added = platformsIn(platform ?? '').filter((p) => !reading.platforms.includes(p));
  return added.length > 0 ? { ...reading, platforms: [...reading.platforms, ...added] } : reading;
}

/** The brief read against the catalog's words and the cue words (typos are corrected toward them). */
export function readForCatalog(brief: string, candidates: DiscoveryCandidate[]): BriefReading {
  return readBrief(brief, new Set([...catalogIndex(candidates).words, ...cueVocabulary()]));
}
