import { z } from 'zod';
import { exampleOf, Pagination } from '../../core/responses/common';

/** One success answer of an operation: its body schema (none for a stream) and an example body. */
export interface SuccessResponse {
  description: string;
  contentType: 'application/json' | 'text/event-stream';
  schema: z.ZodType;
  example: unknown;
}

/** `{data: X}`, the shape of nearly every answer. */
export const data = (schema: z.ZodType, description: string): SuccessResponse => ({
  description,
  contentType: 'application/json',
  schema: z.object({ data: schema }),
  example: { data: exampleOf(schema) },
});

/** `{data: [X]}`. */
export const list = (schema: z.ZodType, description: string): SuccessResponse => ({
  description,
  contentType: 'application/json',
  schema: z.object({ data: z.array(schema) }),
  example: { data: [exampleOf(schema)] },
});

/** `{data: [X], pagination}`. */
export const page = (schema: z.ZodType, description: string): SuccessResponse => ({
  description,
  contentType: 'application/json',
  schema: z.object({ data: z.array(schema), pagination: Pagination }),
  example: { data: [exampleOf(schema)], pagination: exampleOf(Pagination) },
});

/** A body that is not under `data` (the JWKS, a brand part with its profile id). */
export const bare = (schema: z.ZodType, description: string): SuccessResponse => ({
  description,
  contentType: 'application/json',
  schema,
  example: exampleOf(schema),
});

/** Server-Sent Events; the schema is one event (`{event, id, data}`) as a parser hands it over, `data` a string. */
export const events = (schema: z.ZodType, description: string): SuccessResponse => ({
  description,
  contentType: 'text/event-stream',
  schema,
  example: exampleOf(schema),
});
