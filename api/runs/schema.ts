import { z } from 'zod';
import { queryInteger } from '../validate';
import { FEEDBACK_MAX_LENGTH } from '../../core/refinement/prompt';
import { WebhookEvents } from '../../core/run/webhook-events';
import {
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  PAGE_OFFSET_MAX,
  WAIT_TIMEOUT_DEFAULT_SECONDS,
  WAIT_TIMEOUT_MAX_SECONDS,
  WAIT_TIMEOUT_MIN_SECONDS,
} from '../../core/limits';

const jsonObject = z.record(z.string(), z.unknown());

export const RunBody = z
  .object({
    inputs: jsonObject.default({}),
    inputOverrides: jsonObject.default({}),
    /** Folds the brand's visual style and negatives onto the app's image and video generation nodes. */
    applyBrand: z.boolean().optional(),
    /** The brand applyBrand uses; omitted = the workspace's active brand profile. */
    brandProfileId: z.string().nullable().optional(),
    test: z.boolean().optional(),
    outputs: z.array(z.string().min(1)).max(50).optional(),
    /** What the webhook (`?webhook=`) is told of; omitted: only the end. */
    webhookEvents: WebhookEvents.optional(),
  })
  // A profile without applyBrand would be ignored; say so rather than run without the brand.
  .refine((body) => !body.brandProfileId || body.applyBrand === true, {
    path: ['brandProfileId'],
    message: 'is used with applyBrand: true; send both, or neither',
  });
/** `webhook`: the URL told of the run's end (http or https). */
export const RunQuery = z.object({ webhook: z.string().max(2000).optional() });
export const ListQuery = z.object({
  appId: z.string().optional(),
  status: z
    .enum(['queued', 'running', 'awaiting_approval', 'completed', 'failed', 'cancelled'])
    .optional()
    .meta({ description: 'awaiting_approval: running runs that wait for a person (a human.approval node)' }),
  source: z.enum(['api', 'content', 'compose', 'generate']).optional(),
  since: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: 'Only runs created at or after this ISO 8601 time (e.g. 2026-05-04T00:00:00Z)' }),
  limit: queryInteger({ min: 1, max: PAGE_LIMIT_MAX }).default(PAGE_LIMIT_DEFAULT),
  offset: queryInteger({ min: 0, max: PAGE_OFFSET_MAX }).default(0),
});
export const WaitQuery = z.object({
  timeout: queryInteger({ min: WAIT_TIMEOUT_MIN_SECONDS, max: WAIT_TIMEOUT_MAX_SECONDS }).default(
    WAIT_TIMEOUT_DEFAULT_SECONDS,
  ),
});
export const ApprovalBody = z.object({
  decision: z.enum(['approve', 'reject']),
  comment: z.string().max(2000).optional(),
  revise: z.boolean().optional().meta({
    description:
      'With reject and a comment: revise the reviewed node with the comment as feedback, then review again',
  }),
});
export const FeedbackBody = z.object({
  feedback: z.string().trim().min(1, 'feedback is required').max(FEEDBACK_MAX_LENGTH),
});
/** How long the answer waits for the refined revision; 0 answers at once with the run queued. */
export const FeedbackQuery = z.object({
  timeout: queryInteger({ min: 0, max: WAIT_TIMEOUT_MAX_SECONDS }).default(WAIT_TIMEOUT_DEFAULT_SECONDS),
});
