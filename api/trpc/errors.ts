import { TRPCError, type TRPC_ERROR_CODE_KEY, type TRPC_ERROR_CODE_NUMBER } from '@trpc/server';
import { ERROR_CODES, isAtelierError, type ErrorCode, type ValidationDetail } from '../../core/errors';
import { zodIssueDetails } from '../validate';

/** The contract's statuses as tRPC codes; the contract code travels in the message and in `data.code`. */
const TRPC_CODES: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** tRPC's own refusals (unknown procedure, bad JSON, wrong method ...) in the contract's codes. */
const CONTRACT_CODES: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  PARSE_ERROR: 'VALIDATION_ERROR',
  BAD_REQUEST: 'VALIDATION_ERROR',
  METHOD_NOT_SUPPORTED: 'VALIDATION_ERROR',
  PAYLOAD_TOO_LARGE: 'VALIDATION_ERROR',
  UNSUPPORTED_MEDIA_TYPE: 'VALIDATION_ERROR',
  UNPROCESSABLE_CONTENT: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'AUTH_INVALID_KEY',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'RESOURCE_UNAVAILABLE',
};

export function toTrpcError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  if (isAtelierError(err))
    return new TRPCError({
      code: TRPC_CODES[ERROR_CODES[err.code].status] ?? 'INTERNAL_SERVER_ERROR',
      message: `${err.code}: ${err.message}`,
      cause: err,
    });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
}

/** What a tRPC error carries in `data`: the envelope's code, retryability and details; never a stack. */
export interface TrpcErrorData {
  code: ErrorCode;
  httpStatus: number;
  retryable: boolean;
  path?: string;
  details?: ValidationDetail[];
}

export interface TrpcErrorShape {
  message: string;
  code: TRPC_ERROR_CODE_NUMBER;
  data: TrpcErrorData;
}

/**
 * The error formatter of the router. tRPC's default shape sent the stack trace, with absolute paths, to
 * anyone, even without a key (issue 12 item 9).
 * 1. The contract code: the AtelierError's own, else tRPC's code mapped to the closest contract code.
 * 2. A 5xx says "Internal server error" and nothing else.
 * 3. Input that failed the procedure's schema lists one detail per issue, as /v1 does.
 */
export function formatTrpcError({
  error,
  shape,
  path,
}: {
  error: TRPCError;
  shape: { code: TRPC_ERROR_CODE_NUMBER; data: { httpStatus: number } };
  path: string | undefined;
}): TrpcErrorShape {
  const cause = error.cause;
  const code: ErrorCode = isAtelierError(cause)
    ? cause.code
    : (CONTRACT_CODES[error.code] ?? 'INTERNAL_ERROR');
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  const details = isAtelierError(cause)
    ? cause.details
    : Array.isArray(issues)
      ? zodIssueDetails(issues)
      : code === 'VALIDATION_ERROR'
        ? [{ param: null, code: 'invalid_request', message: error.message }]
        : undefined;
  const message =
    shape.data.httpStatus >= 500 && code === 'INTERNAL_ERROR'
      ? 'Internal server error'
      : details && !isAtelierError(cause)
        ? `Invalid request: ${details[0].message}`
        : error.message.replace(/^[A-Z_]+: /, '');
  return {
    message: `${code}: ${message}`,
    code: shape.code,
    data: {
      code,
      httpStatus: shape.data.httpStatus,
      retryable: ERROR_CODES[code].retryable,
      ...(path ? { path } : {}),
      ...(code === 'VALIDATION_ERROR' ? { details: details ?? [] } : {}),
    },
  };
}
