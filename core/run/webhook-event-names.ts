/**
 * What a run's webhook may be told of. Without a filter only the end is sent (completed, failed or
 * cancelled); `failed` covers a cancelled run too (it ended without its outputs). Its own file, below
 * run-types.ts and webhook-events.ts, so both use it without importing each other.
 */
export const WEBHOOK_EVENT_NAMES = [
  'started',
  'node.completed',
  'completed',
  'failed',
  'awaiting_approval',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];
