import { ApplicationFailure, Context } from '@temporalio/activity';
import { deliverWebhookOnce, type DeliveryDeps } from '../adapters/webhooks/deliver';
import { FailureType } from '../core/run/failure-types';
import type { WebhookAttempt, WebhookAttemptOutcome, WebhookTarget } from '../core/run/webhook-delivery';
import { LEGACY_WEBHOOK_ATTEMPTS } from '../workflows/activity-options';
import type { ActivityDeps } from './deps';

export type DeliverWebhookInput = WebhookTarget;

export function webhookActivities(deps: ActivityDeps) {
  const delivery: DeliveryDeps = {
    db: deps.db,
    signingKey: deps.signingKey,
    allowHosts: deps.allowHosts,
    metrics: deps.metrics,
  };

  return {
    /**
     * One attempt of a run's webhook on the delivery schedule (workflows/deliver-webhook.ts): POSTs once,
     * signed afresh, records the attempt and says what it came to. Only our own failures (the database)
     * throw, and Temporal retries those.
     */
    async attemptWebhook(input: WebhookAttempt): Promise<{ outcome: WebhookAttemptOutcome }> {
      const { runId, revision, url, event, messageKey, final } = input;
      const target = { runId, revision, url, event, ...(messageKey ? { messageKey } : {}) };
      const { outcome } = await deliverWebhookOnce(delivery, target, { final });
      return { outcome };
    },

    /**
     * Executions started before the delivery schedule existed (the `webhook-delivery-schedule` patch)
     * still call this: Temporal's retry policy is the schedule, so every failure throws, a 410 or a
     * refused address without retry.
     */
    async deliverWebhook(input: DeliverWebhookInput): Promise<{ statusCode: number }> {
      const final = Context.current().info.attempt >= LEGACY_WEBHOOK_ATTEMPTS;
      const { outcome, row } = await deliverWebhookOnce(delivery, input, { final });
      if (!row)
        throw ApplicationFailure.nonRetryable(`run ${input.runId} not found`, FailureType.RunNotFound);
      if (outcome === 'delivered') return { statusCode: row.status_code! };
      const message = row.error ?? 'not delivered';
      if (row.status_code === 410) throw ApplicationFailure.nonRetryable(message, FailureType.WebhookGone);
      if (outcome === 'gave_up' && !final)
        throw ApplicationFailure.nonRetryable(message, FailureType.SafeFetchRefused);
      throw ApplicationFailure.retryable(message, FailureType.WebhookRejected);
    },
  };
}
