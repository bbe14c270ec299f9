import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import { FailureType } from '../core/run/failure-types';

// The options of node activities are part of each node type's definition (nodes/<type>/definition.ts).

/** Transition records are cheap database writes: local activities, no server round trip. */
export const RECORD_OPTIONS: LocalActivityOptions = {
  startToCloseTimeout: '15s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '5s', maximumAttempts: 20 },
};

/** A webhook attempt has 15 s; at least five attempts with exponential backoff; a 410 stops retries. */
export const WEBHOOK_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '20s',
  retry: {
    initialInterval: '1s',
    backoffCoefficient: 2,
    maximumInterval: '60s',
    maximumAttempts: 6,
    nonRetryableErrorTypes: [FailureType.WebhookGone, FailureType.SafeFetchRefused],
  },
};
