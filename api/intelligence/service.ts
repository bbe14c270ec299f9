import type { Kysely } from 'kysely';
import type { Caller } from '../../core/app/app-access';
import { publicationEvent, runEvent, type ActivityEvent } from '../../core/intelligence/activity';
import { gapAnalysis } from '../../core/intelligence/gap-analysis';
import { DAY_MS, RECOMMENDATION_WINDOW_DAYS, STORED_SIGNALS_MAX } from '../../core/intelligence/limits';
import { optimizations } from '../../core/intelligence/optimizations';
import { predictPerformance, type Prediction } from '../../core/intelligence/predict';
import { selectRecommendations, type RecommendationFilter } from '../../core/intelligence/recommend';
import type { Recommendation } from '../../core/intelligence/recommendation';
import { trendOpportunities } from '../../core/intelligence/trend-opportunities';
import { rankTrends, type RankedTrend } from '../../core/intelligence/trends';
import { brandContextOf, topPatterns } from '../../adapters/db/brand';
import { listValidChannels } from '../../adapters/db/channels';
import {
  appRunStats,
  lastPublishedByPlatform,
  modalityHistory,
  publicationActivity,
  runActivity,
  storedSignals,
  workspaceObjectives,
} from '../../adapters/db/intelligence';
import type { Database } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';
import { resolveProfile } from '../brand/routes';
import type { PredictBody } from './schema';

/** Patterns a prediction weighs: enough to cover every platform and modality of a workspace. */
const PREDICT_PATTERNS = 50;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Runs and publications of the last `days` days as activity events. */
async function activitySince(
  db: Kysely<Database>,
  workspaceId: string,
  since: Date,
): Promise<ActivityEvent[]> {
  const [runs, publications] = await Promise.all([
    runActivity(db, workspaceId, since),
    publicationActivity(db, workspaceId, since),
  ]);
  return [...runs.map(runEvent), ...publications.map(publicationEvent)];
}

/** GET /intelligence/trends: stored signals of the window and the activity of two windows, ranked. */
export async function workspaceTrends(
  db: Kysely<Database>,
  workspaceId: string,
  query: { category?: string; platform?: string; windowDays: number; limit: number },
  now: Date,
  events?: ActivityEvent[],
): Promise<RankedTrend[]> {
  const [stored, activity] = await Promise.all([
    storedSignals(db, workspaceId, daysBefore(now, query.windowDays)),
    events ?? activitySince(db, workspaceId, daysBefore(now, 2 * query.windowDays)),
  ]);
  return rankTrends({ stored, events: activity, now, ...query });
}

/** POST /intelligence/predict: the named (or active) brand profile, its patterns and the trends of the last 30 days. */
export async function predict(
  deps: ApiDeps,
  caller: Caller,
  body: PredictBody,
  now: Date,
): Promise<Prediction> {
  const profile = await resolveProfile(deps, caller, body.brandProfileId);
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

/** GET /intelligence/recommendations: the three rules over the last 30 days, then the caller's filters. */
export async function recommend(
  deps: ApiDeps,
  caller: Caller,
  filter: RecommendationFilter,
  limit: number,
  now: Date,
): Promise<Recommendation[]> {
  if (filter.brandProfileId) await resolveProfile(deps, caller, filter.brandProfileId);
  const { db } = deps;
  const workspaceId = caller.workspaceId;
  const windowDays = RECOMMENDATION_WINDOW_DAYS;
  const events = await activitySince(db, workspaceId, daysBefore(now, 2 * windowDays));
  const [trends, objectives, channels, lastPublishedAt, modalities, stats] = await Promise.all([
    workspaceTrends(db, workspaceId, { windowDays, limit: STORED_SIGNALS_MAX }, now, events),
    workspaceObjectives(db, workspaceId),
    listValidChannels(db, workspaceId),
    lastPublishedByPlatform(db, workspaceId),
    modalityHistory(db, workspaceId),
    appRunStats(db, workspaceId, daysBefore(now, windowDays)),
  ]);
  const current = events.filter((e) => e.at.getTime() >= now.getTime() - windowDays * DAY_MS);
  const all = [
    ...trendOpportunities(workspaceId, trends, current, windowDays),
    ...gapAnalysis({
      workspaceId,
      now,
      windowDays,
      events: current,
      objectives,
      channels: channels.map((c) => ({ id: c.id, platform: c.platform, createdAt: new Date(c.created_at) })),
      lastPublishedAt,
      modalities,
    }),
    ...optimizations(workspaceId, stats, windowDays),
  ];
  return selectRecommendations(all, filter, limit);
}
