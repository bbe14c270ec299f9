import { isCancellation, proxyActivities, setCurrentDetails, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type {
  WebhookAttemptOutcome,
  WebhookDeliveryInput,
  WebhookDeliveryResult,
  WebhookTarget,
} from '../core/run/webhook-delivery';
import { WEBHOOK_ATTEMPT_OPTIONS } from './activity-options';

const attempts = proxyActivities<Activities>(WEBHOOK_ATTEMPT_OPTIONS);

/**
 * One attempt of a run's webhook. An attempt whose activity failed for good (our database, not the
 * receiver) counts as a failed attempt: the schedule goes on.
 */
export async function attemptWebhook(
  target: WebhookTarget,
  attempt: number,
  final: boolean,
): Promise<WebhookAttemptOutcome> {
  try {
    return (await attempts.attemptWebhook({ ...target, attempt, final })).outcome;
  } catch (err) {
    if (isCancellation(err)) throw err;
    return final ? 'gave_up' : 'failed';
  }
}

/**
 * The rest of a run's webhook delivery after its first attempt failed, as a workflow of its own, so the
 * run's execution closes at once (a refinement waits for that) while the delivery goes on for hours.
 * 1. Before attempt n, a durable timer waits `retrySchedule[n - 2]` (Standard Webhooks: 5 s, 5 min,
 *    30 min, 2 h, 5 h, 10 h by default; WEBHOOK_RETRY_SCHEDULE).
 * 2. The attempt POSTs once, signed afresh, and records itself (activities/webhook-delivery.ts).
 * 3. Delivered, or given up (410 Gone, a refused address, a newer revision, the last attempt), ends it.
 */
export async function deliverRunWebhook(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const { nextAttempt, retrySchedule, ...target } = input;
  const last = retrySchedule.length + 1;
  for (let attempt = nextAttempt; attempt <= last; attempt++) {
    setCurrentDetails(`waiting ${retrySchedule[attempt - 2]} for attempt ${attempt} of ${last}`);
    await sleep(retrySchedule[attempt - 2]);
    const outcome = await attemptWebhook(target, attempt, attempt === last);
    if (outcome !== 'failed') return { outcome, attempts: attempt };
  }
  return { outcome: 'gave_up', attempts: last };
}
