import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors';

export const ValidationDetail = z
  .object({
    param: z
      .string()
      .nullable()
      .meta({ description: 'The parameter or body field, or null for the request' }),
    code: z.string().meta({
      description:
        'missing_no_default, unknown_parameter, unknown_field, invalid_option, invalid_media, invalid_type, ...',
    }),
    message: z.string(),
    suggestion: z
      .string()
      .optional()
      .meta({ description: 'unknown_field: the known field or parameter most likely meant' }),
    nodeIds: z.array(z.string()).optional().meta({ description: 'App graph problems: the nodes concerned' }),
    edgeIndex: z.int().min(0).optional().meta({ description: 'App graph problems: the edge, by index' }),
  })
  .meta({ id: 'ValidationDetail', description: 'One problem of a VALIDATION_ERROR' });

/** The one error shape of /v1 (api/middleware/errors.ts writes it). */
export const ErrorEnvelope = z
  .object({
    error: z.string().meta({ description: 'Human-readable message' }),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    retryable: z.boolean().meta({ description: 'Whether the same request may succeed later' }),
    retryAfter: z.int().min(1).optional().meta({ description: 'Seconds to wait (429 only)' }),
    details: z.array(ValidationDetail).optional().meta({ description: 'VALIDATION_ERROR only' }),
    requestId: z.string().meta({ description: 'Also in the X-Request-Id header' }),
  })
  .meta({
    id: 'ErrorEnvelope',
    description: 'Every /v1 error',
    example: {
      error: 'Invalid inputs: topic: required and has no default',
      code: 'VALIDATION_ERROR',
      retryable: false,
      details: [
        { param: 'topic', code: 'missing_no_default', message: 'topic: required and has no default' },
      ],
      requestId: 'req_4f1c2a9e',
    },
  });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
