import type { Caller } from '../../core/app/app-access';
import { RECOMMENDATION_WINDOW_DAYS, STORED_SIGNALS_MAX } from '../../core/intelligence/limits';
import { predictPerformance, type Prediction } from '../../core/intelligence/predict';
import { brandContextOf, topPatterns } from '../../adapters/db/brand';
import type { PredictBody } from '../intelligence/schema';
import type { ApiDeps } from '../deps';
import { resolveBrandProfile } from './resolve-brand-profile';
import { workspaceTrends } from './workspace-trends';

/** Patterns a prediction weighs: enough to cover every platform and modality of a workspace. */
const PREDICT_PATTERNS = 50;

/** POST /intelligence/predict: the named (or active) brand profile, its patterns and the trends of the last 30 days. */
export async function predict(
  deps: ApiDeps,
  caller: Caller,
  body: PredictBody,
  now: Date,
): Promise<Prediction> {
  const profile = await resolveBrandProfile(deps, caller, body.brandProfileId);
  const [patterns, trends] = await Promise.all([
    topPatterns(deps.db, caller.workspaceId, { profileId: profile?.id, limit: PREDICT_PATTERNS }),
    workspaceTrends(
      deps.db,
      caller.workspaceId,
      { windowDays: RECOMMENDATION_WINDOW_DAYS, limit: STORED_SIGNALS_MAX },
      now,
    ),
  ]);
  return predictPerformance({
    concept: body.concept,
    platform: body.platform,
    modality: body.modality,
    brand: profile ? brandContextOf(profile) : null,
    patterns,
    trends,
  });
}
