import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import { FailureType } from '../core/run/failure-types';

// The options of node activities are part of each node type's definition (nodes/<type>/definition.ts).

/** Transition records are cheap database writes: local activities, no server round trip. */
export const RECORD_OPTIONS: LocalActivityOptions = {
  startToCloseTimeout: '15s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '5s', maximumAttempts: 20 },
};

/**
 * One attempt of a webhook delivery (15 s for the request). The schedule between attempts is the delivery
 * workflow's durable timers; this retry policy only covers our own failures (the database, a lost worker).
 */
export const WEBHOOK_ATTEMPT_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 5 },
};

/** Attempts of the `deliverWebhook` activity in executions started before the delivery schedule. */
export const LEGACY_WEBHOOK_ATTEMPTS = 6;

/** Executions started before the delivery schedule: six attempts in about 31 s; a 410 stops retries. */
export const WEBHOOK_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '20s',
  retry: {
    initialInterval: '1s',
    backoffCoefficient: 2,
    maximumInterval: '60s',
    maximumAttempts: LEGACY_WEBHOOK_ATTEMPTS,
    nonRetryableErrorTypes: [FailureType.WebhookGone, FailureType.SafeFetchRefused],
  },
};
