import type { Recommendation } from './recommendation';

/** The endpoint's filters; each narrows by the same-named field of a recommendation's `data`. */
export interface RecommendationFilter {
  campaignId?: string;
  appId?: string;
  brandProfileId?: string;
  platform?: string;
  objectiveId?: string;
  modality?: string;
}

const FILTER_FIELDS = [
  'campaignId',
  'appId',
  'brandProfileId',
  'platform',
  'objectiveId',
  'modality',
] as const;

/**
 * The open recommendations a caller asked for.
 * 1. Each given filter keeps the recommendations whose `data` carries that field with that value
 *    (case-insensitive); one without the field is left out, never guessed into a campaign or platform.
 * 2. Order: priority (1 first), then the newest evidence, then id, so equal calls list alike.
 * 3. Take `limit`.
 */
export function selectRecommendations(
  all: Recommendation[],
  filter: RecommendationFilter,
  limit: number,
): Recommendation[] {
  const wanted = FILTER_FIELDS.filter((f) => filter[f] !== undefined && filter[f] !== '');
  return all
    .filter((r) =>
      wanted.every(
        (f) =>
          typeof r.data[f] === 'string' && (r.data[f] as string).toLowerCase() === filter[f]!.toLowerCase(),
      ),
    )
    .sort(
      (a, b) =>
        a.priority - b.priority || b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id),
    )
    .slice(0, limit);
}
