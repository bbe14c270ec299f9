import { ApplicationFailure } from '@temporalio/activity';
import { isSafeFetchError } from '../adapters/http/safe-fetch';
import { FailureType } from '../core/run/failure-types';

/**
 * Splits errors by who caused them: the caller's inputs (bad media, refused URL) become non-retryable
 * failures with a type the workflow's retry policy names; everything else is left to retry.
 */
export function asActivityFailure(err: unknown): unknown {
  const e = err as { name?: string; message?: string };
  if (isSafeFetchError(err) && !err.retryable)
    return ApplicationFailure.nonRetryable(err.message, FailureType.SafeFetchRefused);
  if (e?.name === FailureType.MediaInputError)
    return ApplicationFailure.nonRetryable(e.message ?? 'invalid media input', FailureType.MediaInputError);
  if (e?.name === FailureType.ProviderRejected)
    return ApplicationFailure.nonRetryable(
      e.message ?? 'provider rejected the request',
      FailureType.ProviderRejected,
    );
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
