import type { Prediction } from '../../core/intelligence/predict';
import type { Recommendation } from '../../core/intelligence/recommendation';
import type { RankedTrend } from '../../core/intelligence/trends';
import type {
  Prediction as PredictionView,
  Recommendation as RecommendationView,
  Trend,
} from '../../core/responses/intelligence';

export const presentTrend = (t: RankedTrend): Trend => ({
  signal: t.signal,
  category: t.category,
  platform: t.platform,
  growth: t.growth,
  confidence: t.confidence,
});
export const presentPrediction = (p: Prediction): PredictionView => p;
export const presentRecommendation = (r: Recommendation): RecommendationView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});
