import { ALL_PLATFORMS } from './activity';
import { factor, type Factor } from './factor';
import { phraseMatch } from './phrase-match';
import type { RankedTrend } from './trends';

const EACH = { rising: 5, falling: -4 } as const;
const CAPS = { rising: 10, falling: -8 } as const;

/**
 * How a concept sits with the current trends of its platform.
 * 1. Keep trends of the platform and platform-independent ones (`all`).
 * 2. A trend matches when its signal is in the concept (phraseMatch); a format trend also matches the
 *    modality asked for ("video" trends match a video concept).
 * 3. Rising matches (growth > 0) add 5 each, at most +10; falling ones take 4 each, at most -8.
 * 4. No rising match while rising trends exist -> suggest the best-ranked one, an imported signal before
 *    the workspace's own activity.
 */
export function trendFit(
  keys: Set<string>,
  platform: string,
  modality: string,
  trends: RankedTrend[],
): Factor[] {
  const relevant = trends.filter((t) => t.platform === platform || t.platform === ALL_PLATFORMS);
  const factors: Factor[] = [];
  let up = 0;
  let down = 0;
  for (const t of relevant) {
    const matchKeys = t.category === 'format' ? new Set([...keys, modality]) : keys;
    if (!phraseMatch(matchKeys, t.signal)) continue;
    const where = t.platform === ALL_PLATFORMS ? 'in your recent activity' : `on ${t.platform}`;
    if (t.growthValue > 0 && up < CAPS.rising) {
      up += EACH.rising;
      factors.push(
        factor(
          'trends',
          EACH.rising,
          `rides the rising ${t.category.replace(/_/g, ' ')} "${t.signal}" (${t.growth} ${where}, ${t.confidence} confidence)`,
        ),
      );
    } else if (t.growthValue < 0 && down > CAPS.falling) {
      down += EACH.falling;
      factors.push(
        factor(
          'trends',
          EACH.falling,
          `leans on the fading ${t.category.replace(/_/g, ' ')} "${t.signal}" (${t.growth} ${where})`,
          `give "${t.signal}" less weight; it is declining`,
        ),
      );
    }
  }
  const rising = relevant.filter((t) => t.growthValue > 0);
  const pick = rising.find((t) => t.source === 'signal') ?? rising[0];
  if (up === 0 && pick)
    factors.push(
      factor(
        'trends',
        0,
        null,
        `consider the rising ${pick.category.replace(/_/g, ' ')} "${pick.signal}" (${pick.growth} ${pick.platform === ALL_PLATFORMS ? 'in your recent activity' : `on ${pick.platform}`})`,
      ),
    );
  return factors;
}
