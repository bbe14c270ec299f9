import { createTestApi, type TestApi } from '../../support/api';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

/** The reason phrase of the status line, as the client read it. */
const reason = (res: object) => (res as { res: { statusMessage: string } }).res.statusMessage;

describe('tRPC errors at /trpc', () => {
  let api: TestApi;
  const get = (path: string, input?: unknown, key: string | null = api.users.owner.key) => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const req = api.http.get(`/trpc/${path}${query}`);
    return key ? req.set('x-api-key', key) : req;
  };

  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('leak no stack trace or file path, even unauthenticated (tRPC leaks stack traces)', async () => {
    const answers = [
      await get('apps.list', undefined, null),
      await get('apps.get', { appId: 'x' }),
      await get('nope'),
      await api.http.post('/trpc/runs.start').set('x-api-key', api.users.owner.key).send('{"appId":'),
    ];

    for (const res of answers) {
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/stack|\/work\/|node_modules|\.ts:\d+/);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
  });

  test('answer the envelope code, retryability and details in data, with the right status line (no more "400 OK")', async () => {
    const anonymous = await get('apps.list', undefined, null);
    expect(anonymous.status).toBe(401);
    expect(reason(anonymous)).toBe('Unauthorized');
    expect(anonymous.body.error).toEqual({
      message: expect.stringMatching(/^AUTH_MISSING_KEY: /),
      code: -32001,
      data: { code: 'AUTH_MISSING_KEY', httpStatus: 401, retryable: false, path: 'apps.list' },
    });

    const invalid = await get('apps.get', { appId: 'x' });
    expect(invalid.status).toBe(400);
    expect(reason(invalid)).toBe('Bad Request');
    expect(invalid.body.error.data).toEqual({
      code: 'VALIDATION_ERROR',
      httpStatus: 400,
      retryable: false,
      path: 'apps.get',
      details: [{ param: 'appId', code: 'invalid_value', message: 'appId: must be a UUID' }],
    });

    const missing = await get('nope');
    expect(missing.status).toBe(404);
    expect(reason(missing)).toBe('Not Found');
    expect(missing.body.error.data).toMatchObject({ code: 'NOT_FOUND', retryable: false });

    const ok = await get('apps.get', { appId: SOCIAL_POST });
    expect(ok.status).toBe(200);
    expect(reason(ok)).toBe('OK');
  });

  test('refuse NUL and unpaired surrogates in any input, as /v1 does', async () => {
    const nul = await get('apps.list', { search: 'a\u0000b' });
    const lone = await api.http
      .post('/trpc/runs.start')
      .set('x-api-key', api.users.owner.key)
      .set('content-type', 'application/json')
      .send(`{"appId":"${SOCIAL_POST}","inputs":{"topic":"\\ud800"},"test":true}`);

    expect(nul.status).toBe(400);
    expect(nul.body.error.data.details).toEqual([
      { param: 'search', code: 'invalid_character', message: expect.stringContaining('U+0000') },
    ]);
    expect(lone.status).toBe(400);
    expect(lone.body.error.data.details).toEqual([
      { param: 'inputs.topic', code: 'invalid_character', message: expect.stringContaining('U+D800') },
    ]);
  });
});
