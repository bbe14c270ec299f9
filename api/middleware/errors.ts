import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { AtelierError, ERROR_CODES, isAtelierError } from '../../core/errors';
import type { ErrorEnvelope } from '../../core/responses/errors';
import { storageOutage } from '../../adapters/storage/storage-failure';

/** The one place that writes the error envelope. Unknown errors become INTERNAL_ERROR with no detail leaked. */
export function errorEnvelope(options: { logger: Logger }): Middleware {
  return async function errorEnvelopeMiddleware(ctx, next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined)
        throw new AtelierError('NOT_FOUND', `No route for ${ctx.method} ${ctx.path}`);
    } catch (err) {
      const error = toAtelierError(err);
      if (error.code === 'INTERNAL_ERROR' || error.code === 'AUTH_FAILED')
        options.logger.error({ err, requestId: ctx.state.requestId, path: ctx.path }, 'request failed');
      writeEnvelope(ctx, error);
    }
  };
}

export function writeEnvelope(ctx: Context, error: AtelierError): void {
  ctx.status = error.status;
  if (error.retryAfter !== undefined) ctx.set('Retry-After', String(error.retryAfter));
  ctx.body = envelopeOf(error, ctx.state.requestId);
}

/** The error envelope of /v1 (core/responses/errors.ts); MCP tool errors carry the same. */
export function envelopeOf(error: AtelierError, requestId: string): ErrorEnvelope {
  return {
    error: error.message,
    code: error.code,
    retryable: ERROR_CODES[error.code].retryable,
    ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
    ...(error.code === 'VALIDATION_ERROR' ? { details: error.details ?? [] } : {}),
    requestId,
  };
}

/** Body-parser failures carry an HTTP status and a `type`; everything else unknown is ours. */
export function toAtelierError(err: unknown): AtelierError {
  if (isAtelierError(err)) return err;
  const e = err as { status?: number; type?: string; expose?: boolean; message?: string };
  if (e?.status === 413 || e?.type === 'entity.too.large')
    return new AtelierError('VALIDATION_ERROR', 'Request body too large (limit 1 MiB)', {
      status: 413,
      details: [{ param: null, code: 'body_too_large', message: 'JSON bodies are limited to 1 MiB' }],
    });
  // co-body marks malformed JSON with status 400 but not `expose`: it is still the caller's mistake.
  if (e?.status === 400 && (e?.expose || err instanceof SyntaxError))
    return new AtelierError('VALIDATION_ERROR', 'Malformed JSON body', {
      details: [{ param: null, code: 'invalid_json', message: e.message ?? 'invalid JSON' }],
    });
  // A full disk or a failing S3 is the world's: retry later (issue 27 item 3), with no errno in the message.
  const outage = storageOutage(err);
  if (outage) return new AtelierError('RESOURCE_UNAVAILABLE', outage.message, { cause: err });
  if (e?.status === 415)
    return new AtelierError('VALIDATION_ERROR', 'Unsupported content type; send application/json', {
      status: 415,
      details: [{ param: null, code: 'unsupported_media_type', message: 'send application/json' }],
    });
  return new AtelierError('INTERNAL_ERROR', 'Internal server error');
}
