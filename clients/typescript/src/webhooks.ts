import type { components } from './schema';

type Jwks = components['schemas']['Jwks'];
type Jwk = Jwks['keys'][number];
export type WebhookPayload = components['schemas']['WebhookPayload'];
export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export type Verification =
  | { valid: true; payload: WebhookPayload; event: string | null; deliveryId: string | null }
  | { valid: false; error: string };

export interface WebhookVerifierOptions {
  /** Fetches the JSON Web Key Set (GET /v1/webhooks/signing-key); the client passes its own. */
  fetchKeys: () => Promise<Jwks>;
  /** How far a delivery's timestamp may be from now, either way. Default 300 s (the server's). */
  toleranceSeconds?: number;
  /** How long fetched keys are trusted before they are fetched again. Default 1 h. */
  cacheMs?: number;
  now?: () => Date;
}

/** An imported public key (CryptoKey, named so that non-DOM type libraries know it too). */
type VerifyKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const HEX = /^[0-9a-f]{128}$/i;
const encoder = new TextEncoder();

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g)!, (byte) => parseInt(byte, 16));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function lowerCase(headers: HeaderBag): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  const out: Record<string, string> = {};
  for (const [name, value] of entries)
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
  return out;
}

/** The signed bytes and candidate signatures of either header set (Atelier's first). */
function signed(
  h: Record<string, string>,
  body: string,
): { timestamp?: string; content: string; signatures: Uint8Array<ArrayBuffer>[] } | string {
  const hex = h['x-atelier-webhook-signature'];
  if (hex !== undefined) {
    if (!HEX.test(hex)) return 'malformed signature';
    const timestamp = h['x-atelier-webhook-timestamp'];
    return { timestamp, content: `${timestamp}.${body}`, signatures: [fromHex(hex)] };
  }
  const list = h['webhook-signature'];
  if (list === undefined) return 'missing signature header';
  if (!h['webhook-id']) return 'missing webhook-id header';
  const signatures = list
    .split(' ')
    .filter((entry) => entry.startsWith('v1a,'))
    .map((entry) => fromBase64(entry.slice(4)))
    .filter((signature) => signature.length === 64);
  if (signatures.length === 0) return 'no v1a signature';
  const timestamp = h['webhook-timestamp'];
  return { timestamp, content: `${h['webhook-id']}.${timestamp}.${body}`, signatures };
}

/**
 * Verifies Atelier webhook deliveries locally (docs/webhooks.md):
 * 1. Reads the Atelier headers (hex Ed25519 over `<timestamp>.<body>`), else the Standard Webhooks ones
 *    (`v1a,<base64>` over `<webhook-id>.<timestamp>.<body>`, any entry of the list).
 * 2. Refuses a timestamp outside the tolerance window, either way (replays).
 * 3. Keys come from the JWKS, fetched once and cached; a key id it does not know fetches the set again
 *    (at most once per cache period), so a rotated key is picked up. Keys sent with a request are never used.
 * 4. Valid when one signature verifies under one key (WebCrypto Ed25519). Pass the raw body, as received.
 */
export function createWebhookVerifier(options: WebhookVerifierOptions) {
  const tolerance = options.toleranceSeconds ?? 300;
  const cacheMs = options.cacheMs ?? 3_600_000;
  const now = options.now ?? (() => new Date());
  let cached: { keys: Map<string, VerifyKey>; at: number } | undefined;

  async function keySet(force: boolean): Promise<Map<string, VerifyKey>> {
    if (cached && !force && Date.now() - cached.at < cacheMs) return cached.keys;
    if (cached && force && Date.now() - cached.at < 1000) return cached.keys;
    const jwks = await options.fetchKeys();
    const keys = new Map<string, VerifyKey>();
    for (const jwk of jwks.keys) keys.set(jwk.kid, await importKey(jwk));
    cached = { keys, at: Date.now() };
    return keys;
  }

  return async function verify(rawBody: string | Uint8Array, headers: HeaderBag): Promise<Verification> {
    const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
    const h = lowerCase(headers);
    const found = signed(h, body);
    if (typeof found === 'string') return { valid: false, error: found };
    if (found.timestamp === undefined) return { valid: false, error: 'missing timestamp header' };
    if (!/^\d{1,12}$/.test(found.timestamp)) return { valid: false, error: 'malformed timestamp' };
    if (Math.abs(now().getTime() / 1000 - Number(found.timestamp)) > tolerance)
      return { valid: false, error: 'timestamp outside tolerance' };
    const kid = h['x-atelier-webhook-key-id'];
    let keys = await keySet(false);
    if (kid !== undefined && !keys.has(kid)) keys = await keySet(true);
    const candidates =
      kid !== undefined ? [keys.get(kid)].filter((k): k is VerifyKey => !!k) : [...keys.values()];
    if (candidates.length === 0) return { valid: false, error: 'unknown key' };
    const content = encoder.encode(found.content);
    for (const key of candidates)
      for (const signature of found.signatures)
        if (await crypto.subtle.verify('Ed25519', key, signature, content))
          return {
            valid: true,
            payload: JSON.parse(body) as WebhookPayload,
            event: h['x-atelier-webhook-event'] ?? null,
            deliveryId: h['webhook-id'] ?? null,
          };
    return { valid: false, error: 'signature mismatch' };
  };
}

const importKey = (jwk: Jwk) =>
  crypto.subtle.importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: 'Ed25519' }, false, [
    'verify',
  ]);
