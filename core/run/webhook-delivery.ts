/** One run-end webhook: the run's revision `revision` ended with `event`; its receiver is `url`. */
export interface WebhookTarget {
  runId: string;
  revision: number;
  url: string;
  event: string;
  /** A progress event's own message (`started`, `node.completed.<nodeId>`); absent for the run's end. */
  messageKey?: string;
}

/** One POST of a delivery; `final` says no attempt follows if this one fails. */
export interface WebhookAttempt extends WebhookTarget {
  /** Its place in the schedule, for operators; the recorded number also counts attempts asked for. */
  attempt: number;
  final: boolean;
}

/**
 * What an attempt came to: `delivered` (2xx), `failed` (another attempt may succeed) or `gave_up` (nothing
 * more will be tried: 410 Gone, an address the policy refuses, a newer revision, or the final attempt).
 */
export type WebhookAttemptOutcome = 'delivered' | 'failed' | 'gave_up';

/** The input of the delivery workflow: the attempts from `nextAttempt` on, after the delays of `retrySchedule`. */
export interface WebhookDeliveryInput extends WebhookTarget {
  nextAttempt: number;
  /** Delays between attempts: attempt n + 1 follows attempt n after `retrySchedule[n - 1]`. */
  retrySchedule: string[];
}

export interface WebhookDeliveryResult {
  outcome: Exclude<WebhookAttemptOutcome, 'failed'>;
  attempts: number;
}

/** The Standard Webhooks message id: the same for every attempt of one delivery, so receivers de-duplicate. */
export const webhookMessageId = (runId: string, revision: number, messageKey?: string): string =>
  `msg_${runId.replace(/-/g, '')}_r${revision}${messageKey ? `_${messageKey.replace(/[^A-Za-z0-9]+/g, '_')}` : ''}`;
