import type { IntentMedium } from '../intent';

/**
 * What the ranking knows about its own first choice, as numbers a calibrated model weighs. Each
 * feature is bounded (0..1 or a small count) so the weights stay readable.
 */
export interface JudgementFeatures {
  /** The first app's relevance score, 0..1. */
  top: number;
  /** Its lead over the runner-up, 0..1. */
  margin: number;
  /** The runner-up's score as a share of the first's (1: a tie). */
  runnerShare: number;
  /** The first app matches a word of the request itself, not only its topic. */
  requestMatched: number;
  /** Share of the brief's known evidence the first app covers. */
  coverage: number;
  /** How much of the first app's name or an alias the brief asks for. */
  nameCoverage: number;
  /** The brief names a medium (image, video, audio, text) in its own request words. */
  mediumNamed: number;
  /** The first app outputs the medium the brief names (1 when none is named). */
  mediumMet: number;
  /** Share of the catalog ruled out by what the brief asks (operations, formats, scale ...). */
  excludedShare: number;
  /** Request words (ask, label, aside) that count as evidence, log-scaled. */
  requestWords: number;
  /** Share of the request's evidence words no app's words know. */
  unknownShare: number;
  /** The first app was reached through a word the brief implies, not one it writes. */
  impliedOnly: number;
  /** Apps at or above the fit threshold besides the first, capped at 3. */
  rivals: number;
  /** Discovery's verdict said fit. */
  verdictFit: number;
}

export const FEATURE_NAMES: (keyof JudgementFeatures)[] = [
  'top',
  'margin',
  'runnerShare',
  'requestMatched',
  'coverage',
  'nameCoverage',
  'mediumNamed',
  'mediumMet',
  'excludedShare',
  'requestWords',
  'unknownShare',
  'impliedOnly',
  'rivals',
  'verdictFit',
];

export interface FeatureInputs {
  scores: number[];
  fitThreshold: number;
  first: { requestMatched: boolean; coverage: number; nameCoverage: number; outputs: string[] } | null;
  medium: IntentMedium;
  excluded: number;
  candidates: number;
  requestWords: number;
  unknownWords: number;
  impliedOnly: boolean;
  verdictFit: boolean;
}

/** The features of one ranking (scores best first). */
export function judgementFeatures(input: FeatureInputs): JudgementFeatures {
  const [first = 0, second = 0] = input.scores;
  const named = input.medium !== 'mixed';
  return {
    top: first,
    margin: Math.max(0, first - second),
    runnerShare: first > 0 ? second / first : 0,
    requestMatched: input.first?.requestMatched ? 1 : 0,
    coverage: input.first?.coverage ?? 0,
    nameCoverage: input.first?.nameCoverage ?? 0,
    mediumNamed: named ? 1 : 0,
    mediumMet: !named || input.first?.outputs.includes(input.medium) ? 1 : 0,
    excludedShare: input.candidates > 0 ? input.excluded / input.candidates : 0,
    requestWords: Math.log1p(input.requestWords) / Math.log1p(20),
    unknownShare: input.requestWords > 0 ? input.unknownWords / input.requestWords : 0,
    impliedOnly: input.impliedOnly ? 1 : 0,
    rivals: Math.min(3, input.scores.slice(1).filter((s) => s >= input.fitThreshold).length) / 3,
    verdictFit: input.verdictFit ? 1 : 0,
  };
}
