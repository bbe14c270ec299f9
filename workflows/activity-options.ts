import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import type { NodeType } from '../core/graph/node-types';

/** Errors caused by the caller's inputs: retrying cannot help. */
export const NON_RETRYABLE_ERRORS = [
  'InvalidNodeInput',
  'MediaInputError',
  'SafeFetchRefused',
  'ProviderRejected',
];

const providerRetry = {
  initialInterval: '1s',
  backoffCoefficient: 2,
  maximumInterval: '30s',
  maximumAttempts: 3,
  nonRetryableErrorTypes: NON_RETRYABLE_ERRORS,
};

/** Per node type: timeouts, retries, and the media queue for sharp/ffmpeg work. */
export function nodeActivityOptions(type: NodeType, mediaTaskQueue: string): ActivityOptions {
  switch (type) {
    case 'text.generate':
      return { startToCloseTimeout: '3m', retry: providerRetry };
    case 'image.generate':
    case 'image.edit':
      return {
        taskQueue: mediaTaskQueue,
        startToCloseTimeout: '5m',
        heartbeatTimeout: '60s',
        retry: providerRetry,
      };
    case 'audio.tts':
      return {
        taskQueue: mediaTaskQueue,
        startToCloseTimeout: '5m',
        heartbeatTimeout: '60s',
        retry: providerRetry,
      };
    case 'video.generate':
    case 'video.compose':
      return {
        taskQueue: mediaTaskQueue,
        startToCloseTimeout: '30m',
        heartbeatTimeout: '30s',
        retry: providerRetry,
      };
    case 'quality.check':
      return { taskQueue: mediaTaskQueue, startToCloseTimeout: '2m', retry: providerRetry };
    default:
      return { startToCloseTimeout: '1m' };
  }
}

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
    nonRetryableErrorTypes: ['WebhookGone', 'SafeFetchRefused'],
  },
};
