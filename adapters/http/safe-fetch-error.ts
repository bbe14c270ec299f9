export type SafeFetchErrorCode =
  'invalid_url' | 'blocked_address' | 'timeout' | 'too_large' | 'bad_content_type' | 'http_error' | 'network';

/** The world's failures (timeouts, resets, 5xx, 429) are worth retrying; the caller's (bad URL, wrong type) are not. */
const RETRYABLE: ReadonlySet<SafeFetchErrorCode> = new Set(['timeout', 'network']);

/**
 * Every failure of safe-fetch. The message is written for the caller ("not an image (text/html)") and never
 * names a resolved address; the underlying error, if any, is kept in `cause` for logs.
 * Recognise it by `name` and `code`, not instanceof, once it has crossed a process or the workflow sandbox.
 */
export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  /** The HTTP status, for http_error. */
  readonly status?: number;

  constructor(code: SafeFetchErrorCode, message: string, extra: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: extra.cause });
    this.name = 'SafeFetchError';
    this.code = code;
    this.status = extra.status;
  }

  get retryable(): boolean {
    if (this.code === 'http_error') return this.status === 429 || (this.status ?? 0) >= 500;
    return RETRYABLE.has(this.code);
  }
}

export function isSafeFetchError(err: unknown): err is SafeFetchError {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'SafeFetchError';
}
