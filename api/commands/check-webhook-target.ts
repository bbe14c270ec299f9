import { AtelierError } from '../../core/errors';
import { WEBHOOK_CHECK_TIMEOUT_MS } from '../../core/limits';
import { checkUrlTarget } from '../../adapters/http/safe-fetch';
import type { ApiDeps } from '../deps';

/**
 * The delivery-time address policy, applied when a webhook URL is given (issue 12 item 11: a loopback URL
 * was accepted and its delivery silently refused later). A URL the policy refuses (a private, loopback or
 * link-local address, unless SAFE_FETCH_ALLOW_HOSTS allows it) is WEBHOOK_INVALID_URL with the reason.
 * A host that does not resolve now is accepted: DNS may be down or not set up yet, and the delivery
 * schedule lasts hours; each attempt checks again.
 */
export async function checkWebhookTarget(deps: ApiDeps, url: string | null): Promise<void> {
  if (url === null) return;
  const check = await checkUrlTarget(url, {
    allowHosts: deps.config.SAFE_FETCH_ALLOW_HOSTS,
    timeoutMs: WEBHOOK_CHECK_TIMEOUT_MS,
  });
  if (!check.ok && (check.code === 'blocked_address' || check.code === 'invalid_url'))
    throw new AtelierError('WEBHOOK_INVALID_URL', `Webhook URL cannot be delivered to: ${check.reason}`);
}
