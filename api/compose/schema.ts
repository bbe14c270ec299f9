import { z } from 'zod';
import { COMPOSE_ASPECT_RATIOS, COMPOSE_CLIP_SECONDS } from '../../core/limits';

export const ComposeBody = z.object({
  formatId: z.string().min(1),
  script: z.string().max(5000).optional(),
  runId: z.string().optional(),
  aspectRatio: z.enum(COMPOSE_ASPECT_RATIOS).default('16:9'),
  inputs: z.record(z.string(), z.unknown()).default({}),
  clipSeconds: z
    .number()
    .int()
    .min(COMPOSE_CLIP_SECONDS.min)
    .max(COMPOSE_CLIP_SECONDS.max)
    .default(COMPOSE_CLIP_SECONDS.default),
  webhookUrl: z.string().optional(),
});
