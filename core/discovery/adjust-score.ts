import { lexicon } from '../language/lexicon';
import type { BriefReading } from './brief-reading';
import { termOf } from './brief-reading';
import type { DiscoveryCandidate } from './candidate';
import type { CatalogIndex } from './catalog-index';
import { mediumOf as mediumFromCues, readIntent, type IntentMedium } from './intent';
import type { DiscoveryMatch } from './match';
import type { AppScore } from './score-app';

const WRONG_MEDIUM_FACTOR = 0.45;
/** A video with a voiceover answers a request for a voiceover nearly as well as audio alone. */
const VIDEO_FOR_AUDIO_FACTOR = 0.85;
const UNASKED_REVIEW_FACTOR = 0.7;
/** An app that makes what the brief says it does not want ("no caption") is pushed down. */
const NEGATED_FACTOR = 0.6;
export const REVIEW_TERMS: ReadonlySet<string> = new Set(lexicon.ranking.review.words.map(termOf));
/** An app made for the platform the brief names ranks a little higher (see placementFactor). */
const PLATFORM_MADE_FOR = 1.15;
const PLATFORM_NONE = 0.85;

/**
 * The medium the request asks for, from its own words (not the topic's, not placements, not media
 * the caller already has). Cues in a "with ..." phrase describe a feature ("with captions") and
 * count half; a medium only such features name does not decide.
 */
export function askedMedium(reading: BriefReading, modality?: string | null): IntentMedium {
  const main: string[] = [];
  const feature: string[] = [];
  let inWith = false;
  for (const t of reading.tokens) {
    if (t.zone !== 'ask' && t.zone !== 'label' && t.zone !== 'aside') continue;
    if (/^[,.;:!?()]$/.test(t.text)) inWith = false;
    if (t.word === 'with') inWith = true;
    if (t.negated || t.placement || t.input || t.type !== 'word') continue;
    (inWith ? feature : main).push(t.word);
  }
  if (modality && (['image', 'video', 'audio', 'text'] as const).some((m) => m === modality))
    main.push(modality);
  const own = readIntent(main.join(' ')).cues;
  const extra = readIntent(feature.join(' ')).cues;
  const cues = {
    image: own.image + extra.image / 2,
    video: own.video + extra.video / 2,
    audio: own.audio + extra.audio / 2,
    text: own.text + extra.text / 2,
  };
  const medium = mediumFromCues(cues);
  // Something spoken "with subtitles": sound that is seen is a video.
  if (medium === 'audio' && cues.video > 0) return 'video';
  return medium !== 'mixed' && own[medium] === 0 ? 'mixed' : medium;
}

/**
 * The score an app shows: its calibrated relevance times the medium, review and constraint factors
 * (media, placement, orientation), with the semantic similarity blended in; whyMatch names the
 * reasons actually used.
 */
export function adjustedMatch(
  candidate: DiscoveryCandidate,
  score: AppScore,
  medium: IntentMedium,
  negated: string[],
  index: CatalogIndex,
  factors: { asksForReview: boolean; constraints: number },
  semantic?: Map<string, number>,
): Omit<DiscoveryMatch, 'confidence'> {
  let relevance = score.relevance * factors.constraints;
  const reasons = [...score.reasons];
  if (medium !== 'mixed') {
    if (candidate.outputTypes.includes(medium)) {
      // Text comes with most apps; for a text request, apps that mostly write rank above those that mostly draw.
      if (medium === 'text') relevance *= 0.6 + 0.4 * candidate.outputShare.text;
      reasons.push({
        source: 'capability',
        field: 'outputs',
        terms: [medium],
        explanation: `outputs ${medium}, the medium the brief asks for`,
      });
    } else if (medium === 'audio' && candidate.outputTypes.includes('video'))
      relevance *= VIDEO_FOR_AUDIO_FACTOR;
    else relevance *= WRONG_MEDIUM_FACTOR;
  }
  // A workflow that waits for a person's approval is not what a brief that never asks for review wants.
  if (candidate.capabilities.hasHumanApproval && !factors.asksForReview) relevance *= UNASKED_REVIEW_FACTOR;
  const declined = negated.filter((n) => index.produces.get(candidate.appId)?.has(n));
  if (declined.length > 0) relevance *= NEGATED_FACTOR;
  // The similarity is the judgement's evidence (judgement/features.ts), not part of the lexical score.
  const similarity = semantic?.get(candidate.appId);
  if (similarity !== undefined) {
    reasons.push({
      source: 'semantic',
      field: 'embedding',
      terms: [],
      explanation: `semantic similarity ${similarity.toFixed(2)} between the brief and the app's description`,
    });
  }
  const relevanceScore = Math.round(Math.min(1, Math.max(0, relevance)) * 1000) / 1000;
  const because = reasons.slice(0, 3).map((r) => r.explanation);
  const caveat = declined.length > 0 ? ` (ranked lower: the brief does not want ${declined.join(', ')})` : '';
  return {
    appId: candidate.appId,
    name: candidate.name,
    description: candidate.description,
    relevanceScore,
    capabilities: candidate.capabilities,
    estimatedCredits: candidate.estimatedCredits,
    whyMatch: `${candidate.name}: ${because.length > 0 ? because.join('; ') : 'no strong overlap with the brief'}${caveat}.`,
    matchReasons: reasons,
  };
}

/**
 * A platform is a constraint: an app made for it (its frontmatter lists it) satisfies it best, an
 * app made for other platforms is neutral, and a general app made for none (a building block such
 * as a bare image) satisfies it least.
 */
export function placementFactor(candidate: DiscoveryCandidate, platforms: string[]): number {
  const listed = candidate.frontmatter.platforms;
  if (platforms.length === 0) return 1;
  if (listed.length === 0) return PLATFORM_NONE;
  return platforms.some((p) => listed.some((l) => l === p || l.startsWith(`${p} `))) ? PLATFORM_MADE_FOR : 1;
}
