/**
 * The one error catalogue of the /v1 contract: code -> HTTP status and retryability.
 * Everything the caller can see as an error is an AtelierError; anything else becomes INTERNAL_ERROR.
 */
export const ERROR_CODES = {
  AUTH_MISSING_KEY: { status: 401, retryable: false },
  AUTH_INVALID_KEY: { status: 401, retryable: false },
  AUTH_INVALID_CONTEXT: { status: 401, retryable: false },
  AUTH_FAILED: { status: 500, retryable: true },
  FORBIDDEN: { status: 403, retryable: false },
  NOT_FOUND: { status: 404, retryable: false },
  /** Not in the contract's table: a method the path does not answer (docs/input-safety.md). */
  METHOD_NOT_ALLOWED: { status: 405, retryable: false },
  VALIDATION_ERROR: { status: 400, retryable: false },
  RATE_LIMITED: { status: 429, retryable: true },
  WEBHOOK_INVALID_URL: { status: 400, retryable: false },
  WEBHOOK_INVALID_SECRET: { status: 401, retryable: false },
  RESOURCE_UNAVAILABLE: { status: 503, retryable: true },
  INTERNAL_ERROR: { status: 500, retryable: true },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One problem in a VALIDATION_ERROR: `param` names the parameter or body field, or is null. */
export interface ValidationDetail {
  param: string | null;
  code: string;
  message: string;
  /** unknown_field: the known name the caller most likely meant. */
  suggestion?: string;
  /** For a problem in an app's graph: the nodes it concerns (by id) ... */
  nodeIds?: string[];
  /** ... or the edge, by its index in `graph.edges`. */
  edgeIndex?: number;
}

export class AtelierError extends Error {
  readonly code: ErrorCode;
  readonly details?: ValidationDetail[];
  readonly retryAfter?: number;
  /** Overrides the catalogue status where the contract asks for another one (413 for oversized bodies). */
  readonly status: number;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { details?: ValidationDetail[]; retryAfter?: number; status?: number; cause?: unknown } = {},
  ) {
    // `cause` is for logs only: the envelope shows the message (issue 27: a lost connection is a 503).
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'AtelierError';
    this.code = code;
    this.details = extra.details;
    this.retryAfter = extra.retryAfter;
    this.status = extra.status ?? ERROR_CODES[code].status;
  }

  get retryable(): boolean {
    return ERROR_CODES[this.code].retryable;
  }
}

export const notFound = (what: string) => new AtelierError('NOT_FOUND', `${what} not found`);
export const forbidden = (message: string) => new AtelierError('FORBIDDEN', message);

export function validationError(details: ValidationDetail[], message = 'Validation failed'): AtelierError {
  return new AtelierError('VALIDATION_ERROR', message, { details });
}

/** A single-field VALIDATION_ERROR, the common case for body checks. */
export function invalidField(param: string | null, code: string, message: string): AtelierError {
  return validationError([{ param, code, message }], message);
}

/** Errors that crossed a process or the workflow sandbox are recognised by name and code, never instanceof. */
export function isAtelierError(err: unknown): err is AtelierError {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { name?: unknown }).name === 'AtelierError' &&
    typeof (err as { code?: unknown }).code === 'string' &&
    (err as { code: string }).code in ERROR_CODES
  );
}
