import type { ErrorEnvelope } from '../../core/responses/errors';
import { envelopeOf, toAtelierError } from '../middleware/errors';

/** The MCP result of a failed tool call: the /v1 error envelope, as text and under `_meta`. */
export interface ToolError {
  [key: string]: unknown;
  isError: true;
  content: { type: 'text'; text: string }[];
  _meta: { 'atelier/error': ErrorEnvelope };
}

/**
 * Any failure of a tool becomes a tool error carrying the envelope's `code` and `retryable` (and
 * `details`, `retryAfter`): an agent reads the same codes as over /v1. What is not the caller's doing
 * becomes INTERNAL_ERROR without its message, and is reported.
 */
export function toolError(err: unknown, requestId: string, report: (err: unknown) => void): ToolError {
  const error = toAtelierError(err);
  if (error.code === 'INTERNAL_ERROR' || error.code === 'AUTH_FAILED') report(err);
  const envelope = envelopeOf(error, requestId);
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    _meta: { 'atelier/error': envelope },
  };
}
