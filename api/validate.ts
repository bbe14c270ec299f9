import { z } from 'zod';
import { notFound, validationError, type ValidationDetail } from '../core/errors';
import { isUuid } from '../core/ids';
import { JSON_MAX_DEPTH } from '../core/limits';
import { findUnstorable } from '../core/text/storable-text';

/** Parses a body or query with a zod schema; each issue becomes one VALIDATION_ERROR detail. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const details = zodIssueDetails(parsed.error.issues);
  throw validationError(details, `Invalid request: ${details[0].message}`);
}

/** One VALIDATION_ERROR detail per zod issue (for /v1 and tRPC alike). */
export const zodIssueDetails = (issues: z.core.$ZodIssue[]): ValidationDetail[] => issues.map(toDetail);

function toDetail(issue: z.core.$ZodIssue): ValidationDetail {
  const param = issue.path.length > 0 ? issue.path.join('.') : null;
  const message = issue.code === 'too_big' ? tooBigMessage(issue) : issue.message;
  return { param, code: detailCode(issue), message: param ? `${param}: ${message}` : message };
}

/** zod's string formats of time: a value that is not one is of the wrong type, as the contract names it. */
const DATE_TIME_FORMATS = new Set(['date-time', 'datetime', 'date', 'time']);

/**
 * `invalid_type` for a wrong JSON type and for a string that is no date-time (an offset of -20:52 was a 500,
 * issue 27 item 6); a refinement may name its own code; anything else is `invalid_value`.
 */
function detailCode(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return 'invalid_type';
  if (issue.code === 'invalid_format' && DATE_TIME_FORMATS.has(issue.format)) return 'invalid_type';
  const named =
    issue.code === 'custom' ? (issue.params as { detailCode?: unknown } | undefined)?.detailCode : undefined;
  return typeof named === 'string' ? named : 'invalid_value';
}

/**
 * A value over a limit is told the limit, whatever message the schema carries: a schema-wide message
 * ("concept is required as a string") used to answer a 5,001-character concept (issue 12 item 14).
 */
function tooBigMessage(issue: z.core.$ZodIssueTooBig): string {
  const max = Number(issue.maximum);
  const at = issue.inclusive === false ? `under ${max}` : `at most ${max}`;
  if (issue.origin === 'string') return `too long: ${at} characters`;
  if (issue.origin === 'array' || issue.origin === 'set') return `too many items: ${at}`;
  return `too large: ${at}`;
}

/** A path id that is not a UUID cannot name anything: 404, never a database error. */
export function uuidParam(value: string | undefined, what: string): string {
  if (!isUuid(value)) throw notFound(what);
  return value;
}

/**
 * Refuses what PostgreSQL cannot store (U+0000, unpaired surrogates) and JSON nested too deep, anywhere in
 * a body, a query or the path parameters: one check for every string the API accepts (issue 12 items 5, 6).
 * `where` prefixes nothing for body fields (`inputs.topic`), and names query and path parameters plainly.
 */
export function assertStorableInput(value: unknown, where: 'body' | 'query' | 'path' | 'input'): void {
  const found = findUnstorable(value, JSON_MAX_DEPTH);
  if (!found) return;
  const param = found.path.length > 0 ? found.path.join('.') : null;
  const subject = param ?? (where === 'body' || where === 'input' ? `the ${where}` : `the ${where} string`);
  const message = `${subject} ${found.problem}`;
  throw validationError([{ param, code: found.code, message }], message);
}

/**
 * An integer in a query string: plain decimal digits (and a minus sign) only. `z.coerce.number()` read `limit=0x10` as 16,
 * and `1e1`, ` 5` or `0b11` as numbers too (issue 12 item 14).
 */
export function queryInteger(bounds: { min: number; max: number }) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?[0-9]+$/.test(v) ? Number(v) : v),
    z
      .number({
        error: (issue) =>
          issue.code === 'invalid_type' ? 'must be a whole number written in decimal digits' : undefined,
      })
      .int()
      .min(bounds.min)
      .max(bounds.max),
  );
}
