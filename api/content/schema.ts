import { z } from 'zod';
import { BRIEFS_DEFAULT, BRIEFS_MAX } from '../../core/limits';
import { WebhookEvents } from '../../core/run/webhook-events';

const jsonObject = z.record(z.string(), z.unknown());

export const CreateContentBody = z.object({
  // Trimmed first: a brief of spaces is none, and the document says so (pattern).
  brief: z.string().trim().min(1, 'brief is required').max(4000).meta({ pattern: '\\S' }),
  platform: z.string().trim().max(40).nullish(),
  modality: z.string().trim().max(20).nullish(),
  brandProfileId: z.string().nullish(),
  campaignId: z.string().nullish(),
  appId: z.string().nullish(),
  headless: z.boolean().nullish(),
  terminalMode: z.string().max(20).nullish(),
  inputs: jsonObject.nullish(),
  templateId: z.string().max(80).nullish(),
  autoQuality: z
    .object({
      enabled: z.boolean().default(true),
      minScore: z.number().min(0).max(1).default(0.7),
      maxRetries: z.number().int().min(0).max(5).default(2),
    })
    .nullish(),
  aspectRatio: z.string().trim().max(10).nullish(),
  metadata: jsonObject.nullish(),
  webhookUrl: z.string().max(2000).nullish(),
  webhookEvents: WebhookEvents.nullish(),
  test: z.boolean().optional(),
});
export type CreateContentBody = z.infer<typeof CreateContentBody>;

export const BriefBody = z.object({
  goal: z.string().trim().min(1, 'goal is required as a string').max(2000),
  platform: z.string().trim().max(40).nullish(),
  modality: z.string().trim().max(20).nullish(),
  count: z.number().int().min(1).max(BRIEFS_MAX).default(BRIEFS_DEFAULT),
  brandProfileId: z.string().nullish(),
  campaignId: z.string().nullish(),
});
