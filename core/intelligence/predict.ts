import { wordCount } from '../language/tokens';
import type { BrandContext, TopPattern } from '../brand/brand-context';
import { brandFit } from './brand-fit';
import { conceptFeatures } from './concept-features';
import type { Factor } from './factor';
import type { Confidence } from './growth';
import { textKeys } from './phrase-match';
import { platformFit, type PredictModality } from './platform-fit';
import { isKnownPlatform, normalizePlatform } from './platforms';
import { trendFit } from './trend-fit';
import type { RankedTrend } from './trends';

export interface PredictInput {
  concept: string;
  platform: string;
  modality: PredictModality;
  brand: BrandContext | null;
  /** The workspace's content patterns (any platform), best first. */
  patterns: TopPattern[];
  /** Current trends, ranked (rankTrends). */
  trends: RankedTrend[];
}

export interface Prediction {
  predictedScore: number;
  confidence: Confidence;
  strengths: string[];
  risks: string[];
  suggestions: string[];
  /** Every feature that moved the score, with its points. */
  factors: { feature: string; points: number }[];
}

export const BASE_SCORE = 50;
const EVIDENCE = { high: 5, medium: 3 } as const;

/**
 * A performance prediction for a concept, explained feature by feature.
 * 1. Start at BASE_SCORE (an average post).
 * 2. Add the factors: the concept's words (conceptFeatures: hook, question, numbers, call to action,
 *    length, hashtags, emoji), the platform-modality fit (platformFit), the brand's own evidence
 *    (brandFit: pattern history, winning and weak patterns, guardrails) and the trends (trendFit).
 * 3. The score is the sum, rounded and clamped to 0..100.
 * 4. Strengths are the factors that add points (largest first), risks those that take points (worst
 *    first), suggestions the advice of risks and neutral factors (worst first); each names its feature.
 * 5. Confidence counts the evidence behind the score: a concept of five words or more, a known platform,
 *    a brand profile, any and five or more content patterns, any and five or more trends of the platform.
 *    Five or more is high, three or more medium, else low.
 */
export function predictPerformance(input: PredictInput): Prediction {
  const platform = normalizePlatform(input.platform);
  const keys = textKeys(input.concept);
  const factors: Factor[] = [
    ...conceptFeatures(input.concept, platform),
    platformFit(platform, input.modality),
    ...brandFit(keys, platform, input.modality, input.brand, input.patterns),
    ...trendFit(keys, platform, input.modality, input.trends),
  ];
  const total = factors.reduce((sum, f) => sum + f.points, BASE_SCORE);
  const byPoints = (dir: 1 | -1) => [...factors].sort((a, b) => dir * (b.points - a.points));
  const line = (f: Factor, text: string) => `${f.feature}: ${text}`;
  return {
    predictedScore: Math.min(100, Math.max(0, Math.round(total))),
    confidence: confidenceOf(input, platform),
    strengths: byPoints(1)
      .filter((f) => f.points > 0 && f.note)
      .map((f) => line(f, f.note!)),
    risks: byPoints(-1)
      .filter((f) => f.points < 0 && f.note)
      .map((f) => line(f, f.note!)),
    suggestions: byPoints(-1)
      .filter((f) => f.points <= 0 && f.suggestion)
      .map((f) => line(f, f.suggestion!)),
    factors: factors.filter((f) => f.points !== 0).map((f) => ({ feature: f.feature, points: f.points })),
  };
}

function confidenceOf(input: PredictInput, platform: string): Confidence {
  const words = wordCount(input.concept);
  const trends = input.trends.filter((t) => t.platform === platform || t.platform === 'all').length;
  const brand = input.brand && (input.brand.dna || input.brand.guidance || input.brand.strategy);
  const evidence = [
    words >= 5,
    isKnownPlatform(platform),
    Boolean(brand),
    input.patterns.length >= 1,
    input.patterns.length >= 5,
    trends >= 1,
    trends >= 5,
  ].filter(Boolean).length;
  return evidence >= EVIDENCE.high ? 'high' : evidence >= EVIDENCE.medium ? 'medium' : 'low';
}
