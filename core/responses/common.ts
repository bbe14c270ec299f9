import { z } from 'zod';
import { MODALITIES } from '../graph/modality';

/**
 * The shapes every /v1 response shares. A named response schema carries an `id` (its component name in
 * the OpenAPI document), a `description` and an `example`.
 */
export const Timestamp = z.iso.datetime().meta({
  id: 'Timestamp',
  description: 'ISO 8601 date-time, UTC',
  example: '2026-05-04T09:30:00.000Z',
});

export const Modality = z.enum(MODALITIES);

export const Pagination = z
  .object({
    total: z.int().min(0),
    limit: z.int().min(0),
    offset: z.int().min(0),
  })
  .meta({
    id: 'Pagination',
    description: 'Where a page sits in the whole list',
    example: { total: 42, limit: 20, offset: 0 },
  });
export type Pagination = z.infer<typeof Pagination>;

/** JSON of any shape: inputs, type-specific details, node configs. */
export const JsonObject = z.record(z.string(), z.unknown());

/** Ids used across the examples, so one example's run is another example's run. */
export const EXAMPLE_IDS = {
  app: '6a1f0c52-3b0e-4d8a-9a51-0d8c6e0b7f21',
  run: '0b7e3c2a-5d41-4f9e-8a77-2c1d9e6f4b10',
  asset: '9c2d4e6f-8a1b-4c3d-9e5f-7a8b9c0d1e2f',
  channel: '3f8a2b1c-7d6e-4f5a-9b8c-1d2e3f4a5b6c',
  profile: '5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716',
  delivery: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
} as const;

export const EXAMPLE_TIME = '2026-05-04T09:30:00.000Z';
export const EXAMPLE_LATER = '2026-05-04T09:31:12.000Z';

/**
 * Names a response schema (its OpenAPI component), describes it, and gives it an example that TypeScript
 * checks against the schema's type (the OpenAPI linter checks it again against the rendered JSON Schema).
 */
export function described<T extends z.ZodType>(
  id: string,
  schema: T,
  description: string,
  example: z.output<T>,
): T {
  return schema.meta({ id, description, example });
}

/** The example a schema was described with. */
export function exampleOf<T extends z.ZodType>(schema: T): z.output<T> {
  const example = schema.meta()?.example;
  if (example === undefined) throw new Error(`no example for ${schema.meta()?.description ?? 'a schema'}`);
  return example as z.output<T>;
}

export type Timestamp = z.infer<typeof Timestamp>;
export type Modality = z.infer<typeof Modality>;
export type JsonObject = z.infer<typeof JsonObject>;
