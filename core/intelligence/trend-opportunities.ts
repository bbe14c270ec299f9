import { ALL_PLATFORMS, type ActivityEvent } from './activity';
import { phraseKeys } from './keywords';
import { phraseMatch } from './phrase-match';
import { recommendation, type Recommendation } from './recommendation';
import type { RankedTrend } from './trends';
import { MODALITIES } from '../graph/modality';
import { stem } from '../language/normalize';

/** Score bands (growth value × confidence weight) for priorities 1, 2 and 3; anything lower is 4. */
const BANDS = [1, 0.5, 0.2] as const;

/** A signal is covered by words that contain it, or by its words run together (#quietluxury covers "quiet luxury"). */
function covered(keys: Set<string>, signal: string): boolean {
  const joined = signal.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  return phraseMatch(keys, signal) !== null || keys.has(joined) || keys.has(stem(joined));
}

/**
 * Rising trends the workspace has not made anything for.
 * 1. Only imported signals count (activity trends are, by definition, things the workspace made), and only
 *    rising ones (growth value > 0).
 * 2. What the workspace made: the features of its runs (any platform) and of its publications on the
 *    trend's platform in the window, as keys.
 * 3. A trend whose signal those keys contain (phraseMatch), or whose words run together are one of them
 *    (a hashtag), is covered and left out.
 * 4. Priority from the trend's score (BANDS); createdAt is the signal's observation.
 */
export function trendOpportunities(
  workspaceId: string,
  trends: RankedTrend[],
  events: ActivityEvent[],
  windowDays: number,
): Recommendation[] {
  const keysOn = new Map<string, Set<string>>();
  const made = (platform: string) => {
    if (!keysOn.has(platform)) {
      const keys = new Set<string>();
      for (const e of events)
        if (e.platform === ALL_PLATFORMS || e.platform === platform)
          for (const f of e.features) for (const k of phraseKeys(f.label)) keys.add(k);
      keysOn.set(platform, keys);
    }
    return keysOn.get(platform)!;
  };
  return trends
    .filter(
      (t) => t.source === 'signal' && t.growthValue > 0 && !covered(made(t.platform.toLowerCase()), t.signal),
    )
    .map((t) => {
      const category = t.category.replace(/_/g, ' ');
      const modality =
        t.category === 'format' ? MODALITIES.find((m) => t.signal.toLowerCase().includes(m)) : undefined;
      const priority = BANDS.findIndex((b) => t.score >= b) + 1 || BANDS.length + 1;
      return recommendation(
        workspaceId,
        'trend_opportunity',
        `${t.category.toLowerCase()}|${t.signal.trim().toLowerCase()}|${t.platform.toLowerCase()}`,
        {
          priority,
          title: `Make content on the rising ${category} "${t.signal}"`,
          summary: `"${t.signal}" is ${t.growth === 'new' ? 'new' : `up ${t.growth}`} on ${t.platform} (${t.confidence} confidence) and nothing you made or published there in the last ${windowDays} days covers it.`,
          data: {
            signal: t.signal,
            category: t.category,
            platform: t.platform,
            growth: t.growth,
            confidence: t.confidence,
            ...(modality ? { modality } : {}),
            observedAt: t.observedAt.toISOString(),
          },
          createdAt: t.observedAt,
        },
      );
    });
}
