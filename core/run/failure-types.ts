/**
 * The `type` of every ApplicationFailure Atelier raises on purpose, and the `name` of the errors that become
 * one. Retry policies, activities and tests name failures through these, never through a literal: a failure
 * crosses the workflow sandbox and processes, so it is recognised by this string, never by `instanceof`.
 */
export const FailureType = {
  /** A node's config or parents cannot make an output (no text to speak, no image to edit). */
  InvalidNodeInput: 'InvalidNodeInput',
  /** A media file the caller supplied is unusable (not decodable, too long, empty text to draw). */
  MediaInputError: 'MediaInputError',
  /** safe-fetch refused a caller-supplied URL (private address, wrong content type, too large). */
  SafeFetchRefused: 'SafeFetchRefused',
  /** A model provider refused the request (4xx, content policy). */
  ProviderRejected: 'ProviderRejected',
  /** A model provider failed for reasons of its own (5xx, 429, network): retried, after its Retry-After. */
  ProviderUnavailable: 'ProviderUnavailable',
  /**
   * A model provider answered with something else than the media asked for (an HTML page, another type, a
   * size far from the one asked, an undecodable file): not retried, since the same request gives the same.
   */
  ProviderBadOutput: 'ProviderBadOutput',
  /** A webhook receiver answered 410 Gone: no more attempts. */
  WebhookGone: 'WebhookGone',
  /** A webhook receiver answered something else than 2xx: retried with backoff. */
  WebhookRejected: 'WebhookRejected',
  /** The media store cannot be used for now (disk full, I/O error, S3 5xx or throttling): retried with backoff. */
  StorageUnavailable: 'StorageUnavailable',
  /** The run of a webhook delivery no longer exists. */
  RunNotFound: 'RunNotFound',
} as const;

export type FailureType = (typeof FailureType)[keyof typeof FailureType];

/** Failures caused by the caller's inputs: retrying cannot help, so node activities never retry them. */
export const CALLER_FAILURE_TYPES: FailureType[] = [
  FailureType.InvalidNodeInput,
  FailureType.MediaInputError,
  FailureType.SafeFetchRefused,
  FailureType.ProviderRejected,
];
