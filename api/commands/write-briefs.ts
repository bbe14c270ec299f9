import type { Caller } from '../../core/app/app-access';
import { generateBriefs, type Brief, type BriefRequest } from '../../core/content/generate-briefs';
import { brandContextOf, recentTrends, topPatterns } from '../../adapters/db/brand';
import type { ApiDeps } from '../deps';
import { resolveBrandProfile } from './resolve-brand-profile';

const TREND_WINDOW_DAYS = 30;

/** What the caller asks: the goal and its hints; brand, trends and patterns are read here. */
export type BriefsRequest = Omit<BriefRequest, 'brand' | 'trends' | 'patterns'> & {
  brandProfileId?: string | null;
};

/**
 * POST /v1/content/brief: content briefs for a goal, shaped by the brand profile (named or active),
 * the workspace's trends of the last 30 days and its best performing patterns.
 */
export async function writeBriefs(deps: ApiDeps, caller: Caller, request: BriefsRequest): Promise<Brief[]> {
  const profile = await resolveBrandProfile(deps, caller, request.brandProfileId);
  const platform = request.platform?.toLowerCase() ?? undefined;
  const [trends, patterns] = await Promise.all([
    recentTrends(deps.db, caller.workspaceId, { platform, windowDays: TREND_WINDOW_DAYS, limit: 5 }),
    topPatterns(deps.db, caller.workspaceId, {
      profileId: profile?.id,
      platform,
      modality: request.modality ?? undefined,
      limit: 5,
    }),
  ]);
  return generateBriefs({
    ...request,
    brand: profile ? brandContextOf(profile) : null,
    trends,
    patterns,
  });
}
