import { z } from 'zod';
import { DISCOVER_LIMIT_DEFAULT, DISCOVER_LIMIT_MAX } from '../../core/limits';

export const DiscoverBody = z.object({
  intent: z.string().trim().min(1, 'intent is required').max(2000),
  constraints: z
    .object({
      maxCredits: z.number().min(0).optional(),
      outputFormat: z.string().trim().min(1).max(80).optional(),
    })
    .optional(),
  limit: z.number().int().min(1).max(DISCOVER_LIMIT_MAX).default(DISCOVER_LIMIT_DEFAULT),
});
