import { deterministicUuid } from '../ids';

export const RECOMMENDATION_TYPES = ['trend_opportunity', 'gap_analysis', 'optimization'] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];

/** Priority 1 is the most urgent, as for brand objectives. */
export const PRIORITY = { min: 1, max: 5 } as const;

export interface Recommendation {
  id: string;
  type: RecommendationType;
  status: 'open';
  priority: number;
  title: string;
  summary: string;
  /** Type-specific details; the filters of the endpoint read `appId`, `platform`, `modality`, `objectiveId`, `brandProfileId`, `campaignId` here. */
  data: Record<string, unknown>;
  /** The newest evidence behind it. */
  createdAt: Date;
}

/**
 * A recommendation whose id is derived from the workspace, its type and the key of the situation
 * (an objective id, "platform|instagram" ...), so the same situation keeps the same id from call to call.
 */
export function recommendation(
  workspaceId: string,
  type: RecommendationType,
  key: string,
  fields: Omit<Recommendation, 'id' | 'type' | 'status'>,
): Recommendation {
  return { id: deterministicUuid('recommendation', workspaceId, type, key), type, status: 'open', ...fields };
}

export const percent = (share: number): string => `${Math.round(share * 100)}%`;
