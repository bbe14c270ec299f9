import { z } from 'zod';
import { queryInteger } from '../validate';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_OFFSET_MAX } from '../../core/limits';

export const AssetsQuery = z.object({
  runId: z.string().optional(),
  type: z.enum(['image', 'video', 'audio', 'text']).optional(),
  limit: queryInteger({ min: 1, max: PAGE_LIMIT_MAX }).default(PAGE_LIMIT_DEFAULT),
  offset: queryInteger({ min: 0, max: PAGE_OFFSET_MAX }).default(0),
});
