import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../core/limits';

/** The end of a run, or (when the run asked for them: core/run/webhook-events.ts) its progress. */
export type WebhookEvent =
  | 'run.completed'
  | 'run.failed'
  | 'run.cancelled'
  | 'run.started'
  | 'node.completed'
  | 'run.awaiting_approval';

export interface PublicSigningKey {
  kid: string;
  publicKeyPem: string;
}

export interface SigningKey extends PublicSigningKey {
  privateKeyPem: string;
}

export interface Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  use: 'sig';
  alg: 'EdDSA';
}

export interface Jwks {
  keys: Jwk[];
}

/** Header names as sent; receivers must read them case-insensitively. */
export const WEBHOOK_HEADERS = {
  signature: 'X-Atelier-Webhook-Signature',
  timestamp: 'X-Atelier-Webhook-Timestamp',
  requestId: 'X-Atelier-Webhook-Request-Id',
  event: 'X-Atelier-Webhook-Event',
  keyId: 'X-Atelier-Webhook-Key-Id',
  standardId: 'webhook-id',
  standardTimestamp: 'webhook-timestamp',
  standardSignature: 'webhook-signature',
} as const;

export function generateSigningKey(): SigningKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    kid: thumbprint(rawPublicKey(publicKey)),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The public half of each key as a JWK set, for GET /v1/webhooks/signing-key. */
export function toJwks(keys: readonly PublicSigningKey[]): Jwks {
  return {
    keys: keys.map((key) => ({
      kty: 'OKP',
      crv: 'Ed25519',
      x: rawPublicKey(createPublicKey(key.publicKeyPem)),
      kid: key.kid,
      use: 'sig',
      alg: 'EdDSA',
    })),
  };
}

export interface SignWebhookInput {
  /** The exact bytes that will be sent. */
  body: string;
  runId: string;
  event: WebhookEvent;
  key: SigningKey;
  now?: Date;
  /** The Standard Webhooks `webhook-id`; a fresh `msg_…` id when omitted. */
  messageId?: string;
}

/**
 * Signs one delivery attempt with both header sets:
 * - Atelier: hex Ed25519 signature over `<timestamp>.<body>`;
 * - Standard Webhooks: `v1a,<base64 signature>` over `<webhook-id>.<timestamp>.<body>`.
 */
export function signWebhook(input: SignWebhookInput): Record<string, string> {
  const timestamp = String(Math.floor((input.now ?? new Date()).getTime() / 1000));
  const messageId = input.messageId ?? newMessageId();
  const privateKey = input.key.privateKeyPem;
  const atelier = sign(null, Buffer.from(`${timestamp}.${input.body}`), privateKey);
  const standard = sign(null, Buffer.from(`${messageId}.${timestamp}.${input.body}`), privateKey);
  return {
    [WEBHOOK_HEADERS.signature]: atelier.toString('hex'),
    [WEBHOOK_HEADERS.timestamp]: timestamp,
    [WEBHOOK_HEADERS.requestId]: input.runId,
    [WEBHOOK_HEADERS.event]: input.event,
    [WEBHOOK_HEADERS.keyId]: input.key.kid,
    [WEBHOOK_HEADERS.standardId]: messageId,
    [WEBHOOK_HEADERS.standardTimestamp]: timestamp,
    [WEBHOOK_HEADERS.standardSignature]: `v1a,${standard.toString('base64')}`,
  };
}

export type HeaderBag = Record<string, string | string[] | undefined> | Headers;

export interface VerifyWebhookInput {
  body: string | Buffer;
  headers: HeaderBag;
  /** The published JWKS, or the public keys themselves. */
  keys: Jwks | readonly PublicSigningKey[];
  now?: Date;
  toleranceSeconds?: number;
}

export interface Verification {
  valid: boolean;
  error?: string;
}

interface Signed {
  timestamp: string | undefined;
  content: (body: Buffer) => Buffer;
  signatures: Buffer[];
}

/**
 * 1. Reads the Atelier header set, else the Standard Webhooks one.
 * 2. Refuses a timestamp more than `toleranceSeconds` away from now, in either direction (replays).
 * 3. Picks the key named by X-Atelier-Webhook-Key-Id, or every key when the header is absent.
 * 4. Valid when one signature verifies under one key. No secret is compared here: Ed25519 verification is
 *    done by node:crypto, so there is no byte comparison to make constant-time.
 */
export function verifyWebhook(input: VerifyWebhookInput): Verification {
  const headers = lowerCaseHeaders(input.headers);
  const signed = readAtelierHeaders(headers) ?? readStandardHeaders(headers);
  if (!signed) return { valid: false, error: 'missing signature header' };
  if ('error' in signed) return { valid: false, error: signed.error };
  const timeError = checkTimestamp(
    signed.timestamp,
    input.now ?? new Date(),
    input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS,
  );
  if (timeError) return { valid: false, error: timeError };
  const keys = candidateKeys(input.keys, headers[WEBHOOK_HEADERS.keyId.toLowerCase()]);
  if (keys.length === 0) return { valid: false, error: 'unknown key' };
  const content = signed.content(Buffer.isBuffer(input.body) ? input.body : Buffer.from(input.body));
  const valid = keys.some((key) =>
    signed.signatures.some((signature) => verify(null, content, key, signature)),
  );
  return valid ? { valid } : { valid, error: 'signature mismatch' };
}

function readAtelierHeaders(headers: Record<string, string>): Signed | { error: string } | undefined {
  const hex = headers[WEBHOOK_HEADERS.signature.toLowerCase()];
  if (hex === undefined) return undefined;
  if (!/^[0-9a-f]{128}$/i.test(hex)) return { error: 'malformed signature' };
  const timestamp = headers[WEBHOOK_HEADERS.timestamp.toLowerCase()];
  return {
    timestamp,
    content: (body) => Buffer.concat([Buffer.from(`${timestamp}.`), body]),
    signatures: [Buffer.from(hex, 'hex')],
  };
}

/** The header is a space-separated list ("v1,… v1a,…") so that keys can rotate; only v1a (Ed25519) entries count. */
function readStandardHeaders(headers: Record<string, string>): Signed | { error: string } | undefined {
  const list = headers[WEBHOOK_HEADERS.standardSignature];
  if (list === undefined) return undefined;
  const id = headers[WEBHOOK_HEADERS.standardId];
  if (!id) return { error: 'missing webhook-id header' };
  const signatures = list
    .split(' ')
    .filter((entry) => entry.startsWith('v1a,'))
    .map((entry) => Buffer.from(entry.slice(4), 'base64'))
    .filter((signature) => signature.length === 64);
  if (signatures.length === 0) return { error: 'no v1a signature' };
  const timestamp = headers[WEBHOOK_HEADERS.standardTimestamp];
  return {
    timestamp,
    content: (body) => Buffer.concat([Buffer.from(`${id}.${timestamp}.`), body]),
    signatures,
  };
}

function checkTimestamp(
  timestamp: string | undefined,
  now: Date,
  toleranceSeconds: number,
): string | undefined {
  if (timestamp === undefined) return 'missing timestamp header';
  if (!/^\d{1,12}$/.test(timestamp)) return 'malformed timestamp';
  const skew = Math.abs(now.getTime() / 1000 - Number(timestamp));
  return skew > toleranceSeconds ? 'timestamp outside tolerance' : undefined;
}

function candidateKeys(keys: VerifyWebhookInput['keys'], kid: string | undefined): KeyObject[] {
  const list = isJwks(keys)
    ? keys.keys.map(fromJwk)
    : keys.map((k) => ({ kid: k.kid, key: createPublicKey(k.publicKeyPem) }));
  return list.filter((k) => kid === undefined || k.kid === kid).map((k) => k.key);
}

const isJwks = (keys: VerifyWebhookInput['keys']): keys is Jwks => !Array.isArray(keys);

function fromJwk(jwk: Jwk): { kid: string; key: KeyObject } {
  return {
    kid: jwk.kid,
    key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }),
  };
}

function lowerCaseHeaders(headers: HeaderBag): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  const result: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (value !== undefined) result[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
  }
  return result;
}

/** The 32-byte Ed25519 public key, base64url: the JWK `x`. */
function rawPublicKey(publicKey: KeyObject): string {
  return publicKey.export({ format: 'jwk' }).x as string;
}

/** RFC 7638 thumbprint: the same key always gets the same kid. */
function thumbprint(x: string): string {
  return createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url');
}

const newMessageId = (): string => `msg_${randomBytes(16).toString('base64url')}`;
