/** One problem of a VALIDATION_ERROR. */
export interface ErrorDetail {
  param: string | null;
  code: string;
  message: string;
}

/** A /v1 error answer as an exception: the envelope's fields, and the HTTP status. */
export class AtelierApiError extends Error {
  override readonly name = 'AtelierApiError';
  readonly status: number;
  readonly code: string;
  readonly retryable: boolean;
  readonly retryAfter?: number;
  readonly details?: ErrorDetail[];
  readonly requestId?: string;

  constructor(status: number, envelope: Partial<Record<string, unknown>>) {
    super(typeof envelope.error === 'string' ? envelope.error : `HTTP ${status}`);
    this.status = status;
    this.code =
      typeof envelope.code === 'string' ? envelope.code : status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR';
    this.retryable =
      typeof envelope.retryable === 'boolean' ? envelope.retryable : status === 429 || status >= 500;
    if (typeof envelope.retryAfter === 'number') this.retryAfter = envelope.retryAfter;
    if (Array.isArray(envelope.details)) this.details = envelope.details as ErrorDetail[];
    if (typeof envelope.requestId === 'string') this.requestId = envelope.requestId;
  }
}

/**
 * The error of a response that is not 2xx, from its parsed body: the envelope, or whatever else a proxy
 * answered (a text page still gives an error with the status).
 */
export function errorFromBody(response: Response, body: unknown): AtelierApiError {
  const envelope: Record<string, unknown> =
    body && typeof body === 'object'
      ? { ...(body as Record<string, unknown>) }
      : { error: String(body ?? '').slice(0, 200) || `HTTP ${response.status}` };
  if (envelope.retryAfter === undefined && response.headers.get('retry-after'))
    envelope.retryAfter = Number(response.headers.get('retry-after'));
  return new AtelierApiError(response.status, envelope);
}

/** The error of a response that is not 2xx, reading its body. */
export async function errorOf(response: Response): Promise<AtelierApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text is the message.
  }
  return errorFromBody(response, body);
}
