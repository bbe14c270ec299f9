import { createPublicKey, verify } from 'node:crypto';
import {
  generateSigningKey,
  signWebhook,
  toJwks,
  verifyWebhook,
  type SigningKey,
} from '../../../adapters/webhooks/signing';

const NOW = new Date('2025-06-01T12:00:00Z');
const BODY = JSON.stringify({ data: { id: 'run_1', status: 'completed' } });

let key: SigningKey;
let headers: Record<string, string>;

beforeAll(() => {
  key = generateSigningKey();
  headers = signWebhook({ body: BODY, runId: 'run_1', event: 'run.completed', key, now: NOW });
});

/** Keeps only the named header set, as a receiver behind a proxy that strips the other might see it. */
function only(set: 'atelier' | 'standard'): Record<string, string> {
  const atelier = (name: string) => name.startsWith('X-Atelier-');
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => (set === 'atelier') === atelier(name)),
  );
}

const lowerCased = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

describe('generateSigningKey and toJwks', () => {
  test('publishes the public key as an Ed25519 JWK whose kid is the key thumbprint', () => {
    const jwks = toJwks([key]);

    expect(jwks).toEqual({
      keys: [
        {
          kty: 'OKP',
          crv: 'Ed25519',
          x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          kid: key.kid,
          use: 'sig',
          alg: 'EdDSA',
        },
      ],
    });
    expect(generateSigningKey().kid).not.toBe(key.kid);
    expect(JSON.stringify(jwks)).not.toContain('PRIVATE');
  });
});

describe('signWebhook', () => {
  test('sends the run id, event, timestamp and both signature formats', () => {
    expect(headers).toMatchObject({
      'X-Atelier-Webhook-Signature': expect.stringMatching(/^[0-9a-f]{128}$/),
      'X-Atelier-Webhook-Timestamp': String(NOW.getTime() / 1000),
      'X-Atelier-Webhook-Request-Id': 'run_1',
      'X-Atelier-Webhook-Event': 'run.completed',
      'webhook-id': expect.stringMatching(/^msg_/),
      'webhook-timestamp': String(NOW.getTime() / 1000),
      'webhook-signature': expect.stringMatching(/^v1a,[A-Za-z0-9+/]{86}==$/),
    });
  });

  test('gives every attempt its own webhook-id unless one is passed', () => {
    const again = signWebhook({ body: BODY, runId: 'run_1', event: 'run.completed', key, now: NOW });
    const fixed = signWebhook({
      body: BODY,
      runId: 'run_1',
      event: 'run.completed',
      key,
      now: NOW,
      messageId: 'msg_1',
    });

    expect(again['webhook-id']).not.toBe(headers['webhook-id']);
    expect(fixed['webhook-id']).toBe('msg_1');
  });
});

describe('verifyWebhook', () => {
  test.each(['atelier', 'standard'] as const)(
    'accepts a genuine delivery signed with the %s header set',
    (set) => {
      expect(verifyWebhook({ body: BODY, headers: only(set), keys: toJwks([key]), now: NOW })).toEqual({
        valid: true,
      });
      expect(verifyWebhook({ body: BODY, headers: lowerCased(only(set)), keys: [key], now: NOW })).toEqual({
        valid: true,
      });
    },
  );

  test('reads a fetch Headers object', () => {
    expect(verifyWebhook({ body: BODY, headers: new Headers(headers), keys: [key], now: NOW })).toEqual({
      valid: true,
    });
  });

  test.each(['atelier', 'standard'] as const)('refuses a tampered body (%s headers)', (set) => {
    const result = verifyWebhook({
      body: BODY.replace('completed', 'failed'),
      headers: only(set),
      keys: [key],
      now: NOW,
    });

    expect(result).toEqual({ valid: false, error: 'signature mismatch' });
  });

  test.each([
    ['older than 300 s', 301_000],
    ['more than 300 s in the future', -301_000],
  ])('refuses a timestamp %s', (_name, ageMs) => {
    const later = new Date(NOW.getTime() + ageMs);

    for (const set of ['atelier', 'standard'] as const) {
      const result = verifyWebhook({ body: BODY, headers: only(set), keys: [key], now: later });
      expect(result).toEqual({ valid: false, error: 'timestamp outside tolerance' });
    }
  });

  test('accepts a timestamp within the tolerance', () => {
    const later = new Date(NOW.getTime() + 299_000);

    expect(verifyWebhook({ body: BODY, headers, keys: [key], now: later }).valid).toBe(true);
  });

  test('refuses a timestamp changed after signing', () => {
    const later = String(NOW.getTime() / 1000 + 10);
    const moved = { ...only('standard'), 'webhook-timestamp': later };

    expect(verifyWebhook({ body: BODY, headers: moved, keys: [key], now: NOW })).toEqual({
      valid: false,
      error: 'signature mismatch',
    });
  });

  test('refuses a delivery without signature headers', () => {
    expect(verifyWebhook({ body: BODY, headers: {}, keys: [key], now: NOW })).toEqual({
      valid: false,
      error: 'missing signature header',
    });
  });

  test('refuses a key id that is not in the key set', () => {
    const other = generateSigningKey();

    expect(verifyWebhook({ body: BODY, headers, keys: toJwks([other]), now: NOW })).toEqual({
      valid: false,
      error: 'unknown key',
    });
  });

  test('refuses a signature made by another key when no key id is sent', () => {
    const other = generateSigningKey();

    const result = verifyWebhook({ body: BODY, headers: only('standard'), keys: [other], now: NOW });

    expect(result).toEqual({ valid: false, error: 'signature mismatch' });
  });

  test('finds the v1a entry in a list of signatures, as during key rotation', () => {
    const rotated = {
      ...only('standard'),
      'webhook-signature': `v1,c2VjcmV0 ${headers['webhook-signature']}`,
    };

    expect(verifyWebhook({ body: BODY, headers: rotated, keys: [key], now: NOW })).toEqual({ valid: true });
  });
});

describe('a receiver verifying with plain node:crypto and the published JWKS', () => {
  test.each(['atelier', 'standard'] as const)('accepts the %s signature', (set) => {
    const jwk = toJwks([key]).keys[0];
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
    const h = lowerCased(headers);
    const [signed, signature] =
      set === 'atelier'
        ? [
            `${h['x-atelier-webhook-timestamp']}.${BODY}`,
            Buffer.from(h['x-atelier-webhook-signature'], 'hex'),
          ]
        : [
            `${h['webhook-id']}.${h['webhook-timestamp']}.${BODY}`,
            Buffer.from(h['webhook-signature'].split(',')[1], 'base64'),
          ];

    expect(verify(null, Buffer.from(signed), publicKey, signature)).toBe(true);
  });
});
