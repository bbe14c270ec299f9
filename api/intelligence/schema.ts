import { z } from 'zod';
import { queryInteger } from '../validate';
import {
  INTELLIGENCE_LIMIT_DEFAULT,
  INTELLIGENCE_LIMIT_MAX,
  TREND_WINDOW_DAYS,
} from '../../core/intelligence/limits';
import { PREDICT_MODALITIES } from '../../core/intelligence/platform-fit';

const limit = queryInteger({ min: 1, max: INTELLIGENCE_LIMIT_MAX }).default(INTELLIGENCE_LIMIT_DEFAULT);
const filter = (max: number) => z.string().trim().min(1).max(max).optional();

export const TrendsQuery = z.object({
  category: filter(40),
  platform: filter(40),
  windowDays: queryInteger(TREND_WINDOW_DAYS).default(TREND_WINDOW_DAYS.default),
  limit,
});
export type TrendsQuery = z.infer<typeof TrendsQuery>;

/** A message for a missing or mistyped field only; a schema-wide message answered "required" to an oversize concept. */
const onlyForType = (message: string) => (issue: { code?: string }) =>
  issue.code === 'invalid_type' ? message : undefined;

export const PredictBody = z.object({
  concept: z
    .string({ error: onlyForType('concept is required as a string') })
    .trim()
    .min(1, 'concept is required')
    .max(4000),
  platform: z
    .string({ error: onlyForType('platform is required as a string') })
    .trim()
    .min(1, 'platform is required')
    .max(40),
  modality: z.enum(PREDICT_MODALITIES, {
    error: `modality is required: one of ${PREDICT_MODALITIES.join(', ')}`,
  }),
  brandProfileId: z.string().nullish(),
  campaignId: z.string().max(200).nullish(),
});
export type PredictBody = z.infer<typeof PredictBody>;

export const RecommendationsQuery = z.object({
  campaignId: filter(200),
  appId: filter(80),
  brandProfileId: filter(80),
  platform: filter(40),
  objectiveId: filter(80),
  modality: filter(20),
  limit,
});
export type RecommendationsQuery = z.infer<typeof RecommendationsQuery>;
