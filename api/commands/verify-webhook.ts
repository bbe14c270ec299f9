import { verifyWebhook as verifySignature, type Verification } from '../../adapters/webhooks/signing';
import type { ApiDeps } from '../deps';

/** POST /v1/webhooks/verify: whether a received delivery (its raw body and headers) was signed by this service. */
export async function verifyWebhook(
  deps: ApiDeps,
  delivery: { body: string; headers: Record<string, string | string[]> },
): Promise<Verification> {
  return verifySignature({ body: delivery.body, headers: delivery.headers, keys: [await deps.signingKey()] });
}
