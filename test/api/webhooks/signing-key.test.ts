import { createPublicKey } from 'node:crypto';
import { openDatabase } from '../../../adapters/db/connect';
import { signingKeyStore } from '../../../adapters/db/signing-keys';
import { signWebhook } from '../../../adapters/webhooks/signing';
import { createTestApi, type TestApi } from '../../support/api';

describe('GET /v1/webhooks/signing-key', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const jwks = async () => {
    const res = await api.http.get('/v1/webhooks/signing-key').set('x-api-key', api.users.owner.key);
    expect(res.status).toBe(200);
    return res.body as {
      keys: { kty: string; crv: string; x: string; kid: string; use: string; alg: string }[];
    };
  };

  test('processes racing for the first key all end up with one key', async () => {
    const stores = [
      signingKeyStore(api.database.db),
      signingKeyStore(api.database.db),
      signingKeyStore(api.database.db),
    ];
    const keys = await Promise.all(stores.map((load) => load()));

    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    // Losers of the race may leave their own row behind; the oldest one is the key everybody uses.
    const latecomer = await signingKeyStore(api.database.db)();
    expect(latecomer).toEqual(keys[0]);
  });

  test('answers a JWKS with one Ed25519 key, the same on every call', async () => {
    const first = await jwks();
    const second = await jwks();

    expect(first).toEqual({
      keys: [
        {
          kty: 'OKP',
          crv: 'Ed25519',
          x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          kid: expect.any(String),
          use: 'sig',
          alg: 'EdDSA',
        },
      ],
    });
    expect(second).toEqual(first);
    expect(createPublicKey({ key: first.keys[0], format: 'jwk' }).asymmetricKeyType).toBe('ed25519');
  });

  test('another process over the same database serves the same key', async () => {
    const published = await jwks();
    const other = await openDatabase({ url: api.config.DATABASE_URL!, poolSize: 1 });
    try {
      const key = await signingKeyStore(other.db)();
      expect(key.kid).toBe(published.keys[0].kid);
      expect(key).toEqual(await api.services.signingKey());
    } finally {
      await other.close();
    }
  });

  test('is reachable by members of any workspace, never without a key', async () => {
    const kid = (await jwks()).keys[0].kid;
    for (const user of [api.users.member, api.users.outsider]) {
      const res = await api.http.get('/v1/webhooks/signing-key').set('x-api-key', user.key);
      expect(res.body.keys[0].kid).toBe(kid);
    }
    expect((await api.http.get('/v1/webhooks/signing-key')).status).toBe(401);
  });
});

describe('POST /v1/webhooks/verify', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const body = JSON.stringify({
    data: { runId: '3f1c7a52-8f4e-4c4a-9a51-0d6a3c2b1e10', status: 'completed' },
  });
  const signed = async (now = new Date()) =>
    signWebhook({
      body,
      runId: '3f1c7a52-8f4e-4c4a-9a51-0d6a3c2b1e10',
      event: 'run.completed',
      key: await api.services.signingKey(),
      now,
      messageId: 'msg_test',
    });
  const verify = (payload: object) =>
    api.http.post('/v1/webhooks/verify').set('x-api-key', api.users.owner.key).send(payload);

  test('a freshly signed body is valid', async () => {
    const res = await verify({ body, headers: await signed() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { valid: true } });
  });

  test('a correctly signed body older than 300 s is invalid', async () => {
    const old = new Date(Date.now() - 301_000);
    expect((await verify({ body, headers: await signed(old) })).body).toEqual({
      data: { valid: false, error: 'timestamp outside tolerance' },
    });
    const recent = new Date(Date.now() - 290_000);
    expect((await verify({ body, headers: await signed(recent) })).body).toEqual({ data: { valid: true } });
  });

  test('a timestamp moved after signing is invalid', async () => {
    const headers = await signed();
    const moved = {
      ...headers,
      'X-Atelier-Webhook-Timestamp': String(Number(headers['X-Atelier-Webhook-Timestamp']) - 1),
    };
    expect((await verify({ body, headers: moved })).body).toEqual({
      data: { valid: false, error: 'signature mismatch' },
    });
  });

  test('a tampered body is invalid', async () => {
    expect(
      (await verify({ body: body.replace('completed', 'failed'), headers: await signed() })).body,
    ).toEqual({ data: { valid: false, error: 'signature mismatch' } });
  });

  test('no signature header, or a kid not in the JWKS, is invalid with its reason', async () => {
    expect((await verify({ body, headers: {} })).body).toEqual({
      data: { valid: false, error: 'missing signature header' },
    });
    const headers = { ...(await signed()), 'X-Atelier-Webhook-Key-Id': 'someone-else' };
    expect((await verify({ body, headers })).body).toEqual({ data: { valid: false, error: 'unknown key' } });
  });

  test('a body that is not {body: string, headers: object} is a 400 VALIDATION_ERROR', async () => {
    const res = await verify({ body: { data: 1 }, headers: {} });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});
