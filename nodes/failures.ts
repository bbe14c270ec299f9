import { ApplicationFailure } from '@temporalio/activity';
import { isSafeFetchError } from '../adapters/http/safe-fetch';
import { FailureType } from '../core/run/failure-types';
import { storageOutage } from '../adapters/storage/storage-failure';

/** Longest wait a provider's Retry-After may impose on the next attempt. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/**
 * Splits errors by who caused them: the caller's inputs (bad media, refused URL), a provider's refusal and
 * a provider's bad output become non-retryable failures with a type; a provider outage stays retryable, and
 * the next attempt waits the provider's Retry-After when it gave one; everything else is left to retry.
 */
export function asActivityFailure(err: unknown): unknown {
  const e = err as { name?: string; message?: string; retryAfterMs?: number };
  if (isSafeFetchError(err) && !err.retryable)
    return ApplicationFailure.nonRetryable(err.message, FailureType.SafeFetchRefused);
  const nonRetryable = [
    FailureType.MediaInputError,
    FailureType.ProviderRejected,
    FailureType.ProviderBadOutput,
    FailureType.InvalidNodeInput,
  ] as string[];
  if (e?.name && nonRetryable.includes(e.name))
    return ApplicationFailure.nonRetryable(e.message ?? e.name, e.name);
  // A full disk or a failing store, wherever it was met (the store, a scratch file): retried with the node's
  // backoff, and once exhausted the run's errorMessage is the classified reason, not the errno (issue 27).
  const outage = storageOutage(err);
  if (outage) return ApplicationFailure.retryable(outage.message, FailureType.StorageUnavailable);
  if (e?.name === FailureType.ProviderUnavailable && typeof e.retryAfterMs === 'number')
    return ApplicationFailure.create({
      message: e.message ?? 'provider unavailable',
      type: FailureType.ProviderUnavailable,
      nextRetryDelay: Math.min(Math.max(e.retryAfterMs, 1000), MAX_RETRY_AFTER_MS),
    });
  return err;
}

export function invalidNodeInput(message: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, FailureType.InvalidNodeInput);
}

/** Runs an activity body, translating caller-caused errors into non-retryable failures. */
export async function classifyFailures<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    throw asActivityFailure(err);
  }
}
