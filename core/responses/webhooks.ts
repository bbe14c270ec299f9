import { z } from 'zod';
import { described, EXAMPLE_IDS, EXAMPLE_TIME, exampleOf, Timestamp } from './common';
import { Run } from './runs';

export const Jwks = described(
  'Jwks',
  z.object({
    keys: z.array(
      z.object({
        kty: z.literal('OKP'),
        crv: z.literal('Ed25519'),
        x: z.string().meta({ description: 'base64url public key' }),
        kid: z.string(),
        use: z.literal('sig'),
        alg: z.literal('EdDSA'),
      }),
    ),
  }),
  'The webhook signing keys as a JSON Web Key Set (not under `data`)',
  {
    keys: [
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
        kid: 'kW0MNVr3Bv7oX3bU4lqKgtuyA8wQ2R6mrWXWE1pN9cE',
        use: 'sig',
        alg: 'EdDSA',
      },
    ],
  },
);
export type Jwks = z.infer<typeof Jwks>;

export const Verification = described(
  'Verification',
  z.object({
    valid: z.boolean(),
    error: z.string().optional().meta({
      description:
        'missing signature header, timestamp outside tolerance, signature mismatch, unknown key ...',
    }),
  }),
  'Whether a delivery was signed by this service',
  { valid: true },
);

export const WebhookDelivery = described(
  'WebhookDelivery',
  z.object({
    id: z.string(),
    runId: z.string(),
    revision: z.int(),
    url: z.string(),
    event: z.string(),
    messageId: z.string().meta({ description: 'The webhook-id header; the same for every attempt' }),
    attempt: z.int().min(1),
    statusCode: z.int().nullable(),
    latencyMs: z.number(),
    error: z.string().nullable(),
    gaveUp: z.boolean(),
    redelivery: z.boolean(),
    createdAt: Timestamp,
  }),
  'One delivery attempt',
  {
    id: EXAMPLE_IDS.delivery,
    runId: EXAMPLE_IDS.run,
    revision: 1,
    url: 'https://agent.example.com/hooks/atelier',
    event: 'run.completed',
    messageId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
    attempt: 1,
    statusCode: 200,
    latencyMs: 84,
    error: null,
    gaveUp: false,
    redelivery: false,
    createdAt: EXAMPLE_TIME,
  },
);

/** The body POSTed to a run's webhook URL: the same payload as GET /v1/runs/{runId}. */
export const WebhookPayload = described('WebhookPayload', z.object({ data: Run }), 'A run ended', {
  data: exampleOf(Run),
});

export type Verification = z.infer<typeof Verification>;
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export type WebhookPayload = z.infer<typeof WebhookPayload>;
