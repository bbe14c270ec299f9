import pino from 'pino';
import { hashApiKey, createApiKey, revokeApiKey } from '../../adapters/db/api-keys';
import { openDatabase, type DatabaseHandle } from '../../adapters/db/connect';
import { loadCatalogApps } from '../../adapters/catalog';
import { createApp } from '../../api/app';
import { ERROR_CODES } from '../../core/errors';
import { newId } from '../../core/ids';
import { createTestApi, type TestApi } from '../support/api';
import { checkedRequest } from '../support/contract';
import { insertWorkspaceApp } from '../support/workspace-apps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The whole envelope of an error that carries no details. */
const envelope = (
  code: keyof typeof ERROR_CODES,
  error: string | jest.AsymmetricMatcher,
  requestId: unknown = expect.stringMatching(UUID),
) => ({
  error,
  code,
  retryable: ERROR_CODES[code].retryable,
  requestId,
});

describe('the /v1 error envelope', () => {
  let api: TestApi;
  const catalogAppId = loadCatalogApps()[0].appId;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  describe('X-Request-Id', () => {
    test('is generated when absent and equals the envelope requestId', async () => {
      const res = await api.http.get('/v1/apps');

      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(res.body.requestId).toBe(res.headers['x-request-id']);
    });

    test('a well-formed id from the caller is echoed on success and on error', async () => {
      const ok = await api.http
        .get('/v1/apps')
        .set('x-api-key', api.users.owner.key)
        .set('X-Request-Id', 'trace-42.a:b_c');
      const failed = await api.http.get('/v1/apps').set('X-Request-Id', 'trace-43');

      expect(ok.status).toBe(200);
      expect(ok.headers['x-request-id']).toBe('trace-42.a:b_c');
      expect(failed.headers['x-request-id']).toBe('trace-43');
      expect(failed.body.requestId).toBe('trace-43');
    });

    test('a malformed or overlong id is replaced by a fresh one', async () => {
      const spaced = await api.http.get('/v1/apps').set('X-Request-Id', 'has spaces');
      const long = await api.http.get('/v1/apps').set('X-Request-Id', 'a'.repeat(129));

      expect(spaced.headers['x-request-id']).toMatch(UUID);
      expect(long.headers['x-request-id']).toMatch(UUID);
    });
  });

  describe('authentication', () => {
    test('no key gives 401 AUTH_MISSING_KEY, also for an Authorization header that is not Bearer', async () => {
      const none = await api.http.get('/v1/apps');
      const basic = await api.http.get('/v1/apps').set('Authorization', 'Basic dXNlcjpwYXNz');
      const emptyBearer = await api.http.get('/v1/apps').set('Authorization', 'Bearer ');

      for (const res of [none, basic, emptyBearer]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual(
          envelope('AUTH_MISSING_KEY', expect.any(String), res.headers['x-request-id']),
        );
      }
    });

    test('the key is accepted in x-api-key and as Authorization: Bearer', async () => {
      const header = await api.http.get('/v1/apps').set('x-api-key', api.users.owner.key);
      const bearer = await api.http.get('/v1/apps').set('Authorization', `Bearer ${api.users.owner.key}`);

      expect([header.status, bearer.status]).toEqual([200, 200]);
    });

    test('an unknown key gives 401 AUTH_INVALID_KEY in either header', async () => {
      const header = await api.http.get('/v1/apps').set('x-api-key', 'atl_unknown');
      const bearer = await api.http.get('/v1/apps').set('Authorization', 'Bearer atl_unknown');

      expect([header.status, bearer.status]).toEqual([401, 401]);
      expect(header.body).toEqual(envelope('AUTH_INVALID_KEY', 'Invalid API key'));
      expect(bearer.body.code).toBe('AUTH_INVALID_KEY');
    });

    test('a revoked key gives 401 AUTH_INVALID_KEY saying it was revoked', async () => {
      const { id, key } = await createApiKey(api.database.db, {
        workspaceId: api.users.owner.workspaceId,
        userId: api.users.owner.userId,
      });
      await revokeApiKey(api.database.db, id);

      const res = await api.http.get('/v1/apps').set('x-api-key', key);

      expect(res.status).toBe(401);
      expect(res.body).toEqual(envelope('AUTH_INVALID_KEY', 'This API key was revoked'));
    });

    test('a key without a user, without a workspace, or whose user is in another workspace gives 401 AUTH_INVALID_CONTEXT', async () => {
      const { owner, outsider } = api.users;
      const rows = [
        { workspace_id: owner.workspaceId, user_id: null },
        { workspace_id: null, user_id: owner.userId },
        { workspace_id: owner.workspaceId, user_id: outsider.userId },
      ];
      const keys: string[] = [];
      for (const row of rows) {
        const key = `atl_context_${newId()}`;
        keys.push(key);
        await api.database.db
          .insertInto('api_keys')
          .values({
            id: newId(),
            ...row,
            name: 'broken',
            key_prefix: key.slice(0, 10),
            key_hash: hashApiKey(key),
          })
          .execute();
      }

      for (const key of keys) {
        const res = await api.http.get('/v1/apps').set('x-api-key', key);
        expect(res.status).toBe(401);
        expect(res.body).toEqual(envelope('AUTH_INVALID_CONTEXT', expect.any(String)));
      }
    });

    describe('when the database fails during the key check', () => {
      let dead: DatabaseHandle;
      beforeAll(async () => {
        // Nothing listens on port 1: every query fails to connect.
        dead = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/nowhere', poolSize: 1 });
      });
      afterAll(() => dead.close());

      test('gives 500 AUTH_FAILED, retryable, without the driver error', async () => {
        const http = checkedRequest(createApp({ ...api.deps, db: dead.db }), api.contract);

        const res = await http.get('/v1/apps').set('x-api-key', api.users.owner.key);

        expect(res.status).toBe(500);
        expect(res.body).toEqual(envelope('AUTH_FAILED', 'Could not validate the API key; try again'));
        expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|nowhere/);
      });
    });
  });

  describe('requests the API cannot take', () => {
    test('malformed JSON gives 400 VALIDATION_ERROR with an invalid_json detail', async () => {
      const res = await api.http
        .post(`/v1/apps/${catalogAppId}/visibility`)
        .set('x-api-key', api.users.owner.key)
        .set('Content-Type', 'application/json')
        .send('{"visibility":');

      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        ...envelope('VALIDATION_ERROR', 'Malformed JSON body'),
        details: [{ param: null, code: 'invalid_json', message: expect.any(String) }],
      });
    });

    test('a body over 1 MiB gives 413 with the VALIDATION_ERROR envelope', async () => {
      const res = await api.http
        .post(`/v1/apps/${catalogAppId}/visibility`)
        .set('x-api-key', api.users.owner.key)
        .send({ visibility: 'x'.repeat(1024 * 1024 + 1) });

      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        ...envelope('VALIDATION_ERROR', 'Request body too large (limit 1 MiB)'),
        details: [{ param: null, code: 'body_too_large', message: 'JSON bodies are limited to 1 MiB' }],
      });
    });

    test('an unknown /v1 route gives the 404 NOT_FOUND envelope', async () => {
      const res = await api.http.get('/v1/no-such-thing').set('x-api-key', api.users.owner.key);

      expect(res.status).toBe(404);
      expect(res.body).toEqual(envelope('NOT_FOUND', 'No route for GET /v1/no-such-thing'));
    });

    test('undeclared methods on declared paths answer 405 with Allow (issue 27 item 6)', async () => {
      const key = api.users.owner.key;

      const onList = await api.http.patch('/v1/apps').set('x-api-key', key).send({ name: 'x' });
      const onRead = await api.http.post('/v1/node-types').set('x-api-key', key).send('plain').type('text');
      const unknownPath = await api.http.patch('/v1/no-such-thing').set('x-api-key', key);

      expect(onList.status).toBe(405);
      expect(onList.headers.allow.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
      expect(onList.body).toEqual(
        envelope('METHOD_NOT_ALLOWED', expect.stringMatching(/^PATCH is not allowed on \/v1\/apps/)),
      );
      // Before the body is read: the method is wrong whatever is sent.
      expect([onRead.status, onRead.headers.allow.split(', ').sort()]).toEqual([405, ['GET', 'HEAD']]);
      // A literal path before the templated one that also matches (/v1/apps/{appId}), as the document reads.
      const discover = await api.http.get('/v1/apps/discover').set('x-api-key', key);
      expect([discover.status, discover.headers.allow]).toEqual([405, 'POST']);
      expect([unknownPath.status, unknownPath.body.code, unknownPath.headers.allow]).toEqual([
        404,
        'NOT_FOUND',
        undefined,
      ]);
    });

    test.each([
      ['GET', '/v1/apps/not-a-uuid', undefined],
      ['GET', '/v1/apps/123/workflow', undefined],
      ['POST', '/v1/apps/xyz/visibility', { visibility: 'public' }],
      ['POST', '/v1/apps/xyz/runs', { inputs: {} }],
      ['POST', '/v1/apps/xyz/estimate', { inputs: {} }],
      ['GET', "/v1/runs/1'%20or%201=1", undefined],
      ['POST', '/v1/runs/nope/cancel', {}],
    ])('a malformed id in %s %s gives 404, never 500', async (method, path, body) => {
      // Each route gets a body it takes: an unknown field is a 400 of its own (issue 25 item 7).
      const req = method === 'GET' ? api.http.get(path) : api.http.post(path).send(body);

      const res = await req.set('x-api-key', api.users.owner.key);

      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    });
  });

  describe('an unexpected exception', () => {
    test('gives 500 INTERNAL_ERROR, retryable, with neither message nor stack, and is logged', async () => {
      const logged: string[] = [];
      const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(line) });
      const failing = async () => {
        throw new Error('signing key file /srv/secret/key.pem unreadable');
      };
      const http = checkedRequest(createApp({ ...api.deps, logger, signingKey: failing }), api.contract);

      const res = await http.get('/v1/webhooks/signing-key').set('x-api-key', api.users.owner.key);

      expect(res.status).toBe(500);
      expect(res.body).toEqual(
        envelope('INTERNAL_ERROR', 'Internal server error', res.headers['x-request-id']),
      );
      expect(res.text).not.toMatch(/secret|key\.pem|at .*\.ts/);
      expect(logged.join('')).toContain('/srv/secret/key.pem');
    });

    test('a thrown non-Error value is handled the same way', async () => {
      const http = checkedRequest(
        createApp({
          ...api.deps,
          signingKey: () => {
            throw 'a bare string';
          },
        }),
        api.contract,
      );

      const res = await http.get('/v1/webhooks/signing-key').set('x-api-key', api.users.owner.key);

      expect(res.status).toBe(500);
      expect(res.body).toEqual(envelope('INTERNAL_ERROR', 'Internal server error'));
    });
  });

  describe('apps access', () => {
    test('member access to a private app answers 404, as another workspace and an unknown id do (issue 27 item 6)', async () => {
      const app = await insertWorkspaceApp(api.database.db, api.users.owner, 'private');

      const member = await api.http.get(`/v1/apps/${app.appId}`).set('x-api-key', api.users.member.key);
      const outsider = await api.http.get(`/v1/apps/${app.appId}`).set('x-api-key', api.users.outsider.key);
      const unknown = await api.http.get(`/v1/apps/${newId()}`).set('x-api-key', api.users.owner.key);

      expect([member.status, outsider.status, unknown.status]).toEqual([404, 404, 404]);
      expect(member.body).toEqual(envelope('NOT_FOUND', 'App not found'));
      expect(outsider.body).toEqual(envelope('NOT_FOUND', 'App not found'));
      expect(unknown.body).toEqual(envelope('NOT_FOUND', 'App not found'));
    });
  });

  describe('ERROR_CODES', () => {
    test('maps every contract code to its HTTP status and retryability', () => {
      expect(ERROR_CODES).toEqual({
        AUTH_MISSING_KEY: { status: 401, retryable: false },
        AUTH_INVALID_KEY: { status: 401, retryable: false },
        AUTH_INVALID_CONTEXT: { status: 401, retryable: false },
        AUTH_FAILED: { status: 500, retryable: true },
        FORBIDDEN: { status: 403, retryable: false },
        NOT_FOUND: { status: 404, retryable: false },
        METHOD_NOT_ALLOWED: { status: 405, retryable: false },
        VALIDATION_ERROR: { status: 400, retryable: false },
        RATE_LIMITED: { status: 429, retryable: true },
        WEBHOOK_INVALID_URL: { status: 400, retryable: false },
        WEBHOOK_INVALID_SECRET: { status: 401, retryable: false },
        RESOURCE_UNAVAILABLE: { status: 503, retryable: true },
        INTERNAL_ERROR: { status: 500, retryable: true },
      });
    });
  });
});
