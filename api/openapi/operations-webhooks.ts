import { DeliveriesQuery, VerifyBody } from '../webhooks/schema';
import { Jwks, Verification, WebhookDelivery } from '../../core/responses/webhooks';
import { bare, data, list } from './responses';
import type { Operation } from './operation';

export const WEBHOOK_OPERATIONS: Record<string, Operation> = {
  'GET /v1/webhooks/signing-key': {
    id: 'getWebhookSigningKeys',
    tag: 'Webhooks',
    summary: 'The Ed25519 signing key as JWKS',
    description: 'Fetch once and cache; fetch again when a delivery names a `kid` you do not have.',
    responses: { 200: bare(Jwks, 'The JSON Web Key Set') },
  },
  'POST /v1/webhooks/verify': {
    id: 'verifyWebhook',
    tag: 'Webhooks',
    summary: "Verify a delivery's signature",
    body: VerifyBody,
    bodyExample: {
      body: '{"data":{"runId":"0b7e3c2a-5d41-4f9e-8a77-2c1d9e6f4b10"}}',
      headers: { 'x-atelier-webhook-signature': '…', 'x-atelier-webhook-timestamp': '1777887000' },
    },
    responses: { 200: data(Verification, 'Whether the signature holds') },
  },
  'GET /v1/webhooks/deliveries': {
    id: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'Every delivery attempt of a run',
    query: DeliveriesQuery,
    responses: { 200: list(WebhookDelivery, 'The attempts, in order') },
  },
  'POST /v1/webhooks/deliveries/{deliveryId}/redeliver': {
    id: 'redeliverWebhook',
    tag: 'Webhooks',
    summary: 'Send a delivery again now, signed afresh, and record the attempt',
    responses: { 200: data(WebhookDelivery, 'The new attempt') },
  },
};
