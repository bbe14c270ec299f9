export { createAtelierClient } from './client';
export type { AtelierClient, AtelierClientOptions, StreamOptions, WaitOptions } from './client';
export { AtelierApiError } from './errors';
export type { ErrorDetail } from './errors';
export { OPERATIONS } from './operations';
export { retryingFetch } from './retry';
export type { RetryOptions } from './retry';
export { readEvents } from './sse';
export type { RawEvent } from './sse';
export type {
  ErrorEnvelope,
  Input,
  OperationId,
  Output,
  Run,
  RunStreamEvent,
  RunStreamMessage,
  Schemas,
} from './types';
export { createWebhookVerifier } from './webhooks';
export type { HeaderBag, Verification, WebhookPayload, WebhookVerifierOptions } from './webhooks';
export type { components, operations, paths, webhooks } from './schema';
