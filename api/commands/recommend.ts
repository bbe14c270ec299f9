import type { Caller } from '../../core/app/app-access';
import { gapAnalysis } from '../../core/intelligence/gap-analysis';
import { DAY_MS, RECOMMENDATION_WINDOW_DAYS, STORED_SIGNALS_MAX } from '../../core/intelligence/limits';
import { optimizations } from '../../core/intelligence/optimizations';
import { selectRecommendations, type RecommendationFilter } from '../../core/intelligence/recommend';
import type { Recommendation } from '../../core/intelligence/recommendation';
import { trendOpportunities } from '../../core/intelligence/trend-opportunities';
import { listValidChannels } from '../../adapters/db/channels';
import {
  appRunStats,
  lastPublishedByPlatform,
  modalityHistory,
  workspaceObjectives,
} from '../../adapters/db/intelligence';
import type { ApiDeps } from '../deps';
import { resolveBrandProfile } from './resolve-brand-profile';
import { activitySince, daysBefore, workspaceTrends } from './workspace-trends';

/** GET /intelligence/recommendations: the three rules over the last 30 days, then the caller's filters. */
export async function recommend(
  deps: ApiDeps,
  caller: Caller,
  filter: RecommendationFilter,
  limit: number,
  now: Date,
): Promise<Recommendation[]> {
  if (filter.brandProfileId) await resolveBrandProfile(deps, caller, filter.brandProfileId);
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
