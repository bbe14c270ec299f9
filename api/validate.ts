import type { z } from 'zod';
import { validationError } from '../core/errors';
import { isUuid } from '../core/ids';
import { notFound } from '../core/errors';

/** Parses a body or query with a zod schema; each issue becomes one VALIDATION_ERROR detail. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw validationError(
    parsed.error.issues.map((issue) => ({
      param: issue.path.length > 0 ? issue.path.join('.') : null,
      code: issue.code === 'invalid_type' ? 'invalid_type' : 'invalid_value',
      message: issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    })),
    `Invalid request: ${parsed.error.issues[0].message}`,
  );
}

/** A path id that is not a UUID cannot name anything: 404, never a database error. */
export function uuidParam(value: string | undefined, what: string): string {
  if (!isUuid(value)) throw notFound(what);
  return value;
}
