import { z } from 'zod';

export const VerifyBody = z.object({
  body: z.string(),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});
export const DeliveriesQuery = z.object({ runId: z.string() });
