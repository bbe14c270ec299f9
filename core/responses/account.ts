import { z } from 'zod';
import { described, EXAMPLE_TIME, Timestamp } from './common';

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

export const Account = described(
  'Account',
  z.object({
    workspace: z.object({
      id: z.string().meta({ description: 'Workspace id (UUID): every request of this key acts on it' }),
      name: z.string(),
      createdAt: Timestamp,
    }),
    key: z
      .object({
        id: z.string(),
        name: z.string().meta({ description: 'The name given when the key was issued (may be empty)' }),
        prefix: z.string().meta({ description: 'The first characters of the key, to tell keys apart' }),
        createdAt: Timestamp,
      })
      .nullable()
      .meta({ description: 'The key of this request (null for a caller without a key record)' }),
    role: z.enum(['owner', 'member']).meta({ description: 'The role of the key’s user in the workspace' }),
    rateLimit: z.object({ limit: z.int(), windowMs: z.int() }),
  }),
  'The workspace and API key a request acts as, and the rate limit',
  {
    workspace: { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Acme', createdAt: EXAMPLE_TIME },
    key: {
      id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60',
      name: 'ci',
      prefix: 'atl_Xy12ab',
      createdAt: EXAMPLE_TIME,
    },
    role: 'owner',
    rateLimit: { limit: 100, windowMs: 60000 },
  },
);
export type Account = z.infer<typeof Account>;
