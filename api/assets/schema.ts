import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../core/limits';

export const AssetsQuery = z.object({
  runId: z.string().optional(),
  type: z.enum(['image', 'video', 'audio', 'text']).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});
