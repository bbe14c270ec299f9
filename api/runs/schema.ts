import { z } from 'zod';
import { FEEDBACK_MAX_LENGTH } from '../../core/refinement/prompt';
import {
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  WAIT_TIMEOUT_DEFAULT_SECONDS,
  WAIT_TIMEOUT_MAX_SECONDS,
  WAIT_TIMEOUT_MIN_SECONDS,
} from '../../core/limits';

const jsonObject = z.record(z.string(), z.unknown());

export const RunBody = z.object({
  inputs: jsonObject.default({}),
  inputOverrides: jsonObject.default({}),
  applyBrand: z.boolean().optional(),
  brandProfileId: z.string().nullable().optional(),
  test: z.boolean().optional(),
  outputs: z.array(z.string().min(1)).max(50).optional(),
});
export const ListQuery = z.object({
  appId: z.string().optional(),
  status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']).optional(),
  source: z.enum(['api', 'content', 'compose', 'generate']).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});
export const WaitQuery = z.object({
  timeout: z.coerce
    .number()
    .int()
    .min(WAIT_TIMEOUT_MIN_SECONDS)
    .max(WAIT_TIMEOUT_MAX_SECONDS)
    .default(WAIT_TIMEOUT_DEFAULT_SECONDS),
});
export const ApprovalBody = z.object({
  decision: z.enum(['approve', 'reject']),
  comment: z.string().max(2000).optional(),
});
export const FeedbackBody = z.object({
  feedback: z.string().trim().min(1, 'feedback is required').max(FEEDBACK_MAX_LENGTH),
});
/** How long the answer waits for the refined revision; 0 answers at once with the run queued. */
export const FeedbackQuery = z.object({
  timeout: z.coerce.number().int().min(0).max(WAIT_TIMEOUT_MAX_SECONDS).default(WAIT_TIMEOUT_DEFAULT_SECONDS),
});
