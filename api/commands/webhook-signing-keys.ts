import { toJwks, type Jwks } from '../../adapters/webhooks/signing';
import type { ApiDeps } from '../deps';

/** GET /v1/webhooks/signing-key: the public half of the webhook signing key, as a JWKS. */
export async function webhookSigningKeys(deps: ApiDeps): Promise<Jwks> {
  return toJwks([await deps.signingKey()]);
}
