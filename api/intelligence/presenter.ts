import type { Prediction } from '../../core/intelligence/predict';
import type { Recommendation } from '../../core/intelligence/recommendation';
import type { RankedTrend } from '../../core/intelligence/trends';

export const presentTrend = (t: RankedTrend) => ({
  signal: t.signal,
  category: t.category,
  platform: t.platform,
  growth: t.growth,
  confidence: t.confidence,
});
export const presentPrediction = (p: Prediction) => p;
export const presentRecommendation = (r: Recommendation) => ({ ...r, createdAt: r.createdAt.toISOString() });
