import type { z } from 'zod';
import type { SuccessResponse } from './responses';

/** The spec's resource groups (api-v1.md), the only tags of the document. */
export const TAGS = [
  'Apps',
  'Runs',
  'Assets',
  'Intelligence',
  'Publishing',
  'Compound',
  'Account',
  'Templates',
  'Webhooks',
] as const;
export type Tag = (typeof TAGS)[number];

export interface Operation {
  /** The operationId: a client's method name. */
  id: string;
  tag: Tag;
  summary: string;
  description?: string;
  query?: z.ZodType<unknown, Record<string, unknown>>;
  body?: z.ZodType;
  /** An example request body, for the operations whose body an agent writes by hand. */
  bodyExample?: unknown;
  /** Every success answer by status. */
  responses: Partial<Record<200 | 201 | 202, SuccessResponse>>;
  /** It starts work (a run, a refinement): it honours `Idempotency-Key` (api/middleware/idempotency.ts). */
  startsWork?: boolean;
  /** When the 200 may carry an `ETag`: what it validates; `If-None-Match` with it is answered 304. */
  conditional?: string;
}
