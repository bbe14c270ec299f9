import { z } from 'zod';
import { queryInteger } from '../validate';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_OFFSET_MAX } from '../../core/limits';

export const TransferBody = z.object({
  sourceUrl: z.string().min(1).max(4000),
  mediaType: z.enum(['image', 'video', 'audio']),
  filename: z.string().max(255).optional(),
});
export const PublishBody = z.object({
  accountIds: z.array(z.string().min(1).max(100)).min(1).max(20),
  imageUrl: z.string().max(4000).optional(),
  videoUrl: z.string().max(4000).optional(),
  caption: z.string().max(5000).optional(),
});
export const HistoryQuery = z.object({
  limit: queryInteger({ min: 1, max: PAGE_LIMIT_MAX }).default(PAGE_LIMIT_DEFAULT),
  offset: queryInteger({ min: 0, max: PAGE_OFFSET_MAX }).default(0),
});
