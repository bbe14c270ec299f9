import { z } from 'zod';
import { described } from './common';

export const Usage = described(
  'Usage',
  z.object({
    credits: z.object({
      balance: z.number().meta({ description: 'What a new run can use: earned - spent - reserved' }),
      totalEarned: z.number(),
      totalSpent: z.number(),
      reserved: z.number().meta({ description: 'Held by runs in flight' }),
    }),
    rateLimit: z.object({ limit: z.int(), windowMs: z.int() }),
    manageUrl: z.string(),
  }),
  'Credits and the rate limit of the workspace',
  {
    credits: { balance: 992, totalEarned: 1000, totalSpent: 4, reserved: 4 },
    rateLimit: { limit: 100, windowMs: 60000 },
    manageUrl: 'http://localhost:3000/v1/account/usage',
  },
);
export type Usage = z.infer<typeof Usage>;
