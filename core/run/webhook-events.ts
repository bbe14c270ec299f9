import { z } from 'zod';
import type { RunEndStatus } from './run-types';
import { WEBHOOK_EVENT_NAMES, type WebhookEventName } from './webhook-event-names';

export const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_NAMES))
  .min(1)
  .max(WEBHOOK_EVENT_NAMES.length)
  .meta({
    description:
      'Which events the webhook receives: started, node.completed (once per node), awaiting_approval, ' +
      'completed, failed (also cancelled). Omitted: only the end (completed, failed, cancelled). ' +
      'Progress events get one attempt each; the end event gets the whole retry schedule.',
  });

/** The X-Atelier-Webhook-Event of each progress event (the end events are `run.<status>`). */
export const PROGRESS_EVENT_HEADERS = {
  started: 'run.started',
  'node.completed': 'node.completed',
  awaiting_approval: 'run.awaiting_approval',
} as const;
export type ProgressEvent = keyof typeof PROGRESS_EVENT_HEADERS;

/** Whether a run that asked for `events` (undefined: the default) wants this progress event. */
export const wantsProgress = (events: readonly WebhookEventName[] | undefined, event: ProgressEvent) =>
  events?.includes(event) ?? false;

/** Whether a run that asked for `events` wants to hear that it ended with `status`. */
export function wantsEnd(events: readonly WebhookEventName[] | undefined, status: RunEndStatus): boolean {
  if (!events) return true;
  return events.includes(status === 'completed' ? 'completed' : 'failed');
}
