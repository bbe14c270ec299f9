import { errorOf } from './errors';

export interface RetryOptions {
  /** Attempts after the first; 0 turns retrying off. Default 3. */
  retries?: number;
  /** The first backoff when the server names no wait; doubled each time (with jitter). Default 500 ms. */
  backoffMs?: number;
  /** The longest wait between two attempts. Default 60 s. */
  maxDelayMs?: number;
  /** How to wait (tests record the delays instead). */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that retries what the contract says may be retried: an error envelope with `retryable: true`
 * (RATE_LIMITED, RESOURCE_UNAVAILABLE, AUTH_FAILED, INTERNAL_ERROR), waiting `retryAfter` seconds (or
 * Retry-After) when the server names a wait, else an exponential backoff; and a network failure of a GET,
 * or of a POST that carries an `Idempotency-Key` (the server answers a repeat with the first answer).
 * Every attempt sends a fresh copy of the request.
 */
export function retryingFetch(
  fetchImpl: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
) {
  const retries = options.retries ?? 3;
  const backoff = options.backoffMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 60_000;
  const sleep = options.sleep ?? wait;
  const delay = (attempt: number, retryAfter?: number) =>
    Math.min(
      maxDelay,
      retryAfter !== undefined ? retryAfter * 1000 : backoff * 2 ** attempt * (1 + Math.random() / 4),
    );

  return async function fetchWithRetries(request: Request): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      let response: Response;
      try {
        response = await fetchImpl(last ? request : request.clone());
      } catch (err) {
        const repeatable = request.method === 'GET' || request.headers.has('idempotency-key');
        if (last || !repeatable || request.signal?.aborted) throw err;
        await sleep(delay(attempt));
        continue;
      }
      if (response.ok || last || response.status < 429) return response;
      const error = await errorOf(response.clone());
      if (!error.retryable) return response;
      await sleep(delay(attempt, error.retryAfter));
    }
  };
}
