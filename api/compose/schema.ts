import { z } from 'zod';
import { isUuid } from '../../core/ids';
import { COMPOSE_ASPECT_RATIOS, COMPOSE_CLIP_SECONDS } from '../../core/limits';

export const ComposeBody = z
  .object({
    formatId: z.string().min(1),
    script: z.string().max(5000).optional(),
    /** A run of the workspace; anything but a UUID names none (it reached SQL as a 500: issue 12 item 6). */
    runId: z.string().refine(isUuid, 'must be a run id (a UUID)').optional(),
    aspectRatio: z.enum(COMPOSE_ASPECT_RATIOS).default('16:9'),
    inputs: z.record(z.string(), z.unknown()).default({}),
    clipSeconds: z
      .number()
      .int()
      .min(COMPOSE_CLIP_SECONDS.min)
      .max(COMPOSE_CLIP_SECONDS.max)
      .default(COMPOSE_CLIP_SECONDS.default),
    webhookUrl: z.string().optional(),
  })
  // Exactly one of `script` and `runId` (api/compose/routes.ts), said where a client or a fuzzer reads it.
  .meta({ oneOf: [{ required: ['script'] }, { required: ['runId'] }] });
