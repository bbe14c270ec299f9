import { createTestApi, type TestApi } from '../support/api';

/** Request checks every route shares (api/validate.ts and the /v1 middleware chain). */
describe('/v1 request validation', () => {
  let api: TestApi;
  const get = (url: string) => api.http.get(url).set('x-api-key', api.users.owner.key);
  const post = (url: string) => api.http.post(url).set('x-api-key', api.users.owner.key);
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test.each(['0x10', '1e1', '0b11', ' 16', '+16', '16.0', '', '16&limit=17'])(
    'limit=%s is a 400: integers in a query are decimal digits only (limit=0x10 read as 16)',
    async (limit) => {
      for (const path of ['/v1/runs', '/v1/assets', '/v1/publishing/history', '/v1/intelligence/trends']) {
        const res = await get(`${path}?limit=${limit}`);

        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        expect(res.body.details[0]).toMatchObject({ param: 'limit', code: 'invalid_type' });
      }
    },
  );

  test('limit=16 and limit=016 are sixteen', async () => {
    expect((await get('/v1/runs?limit=16')).body.pagination.limit).toBe(16);
    expect((await get('/v1/assets?limit=016')).body.pagination.limit).toBe(16);
  });

  test('a 5,001-character concept is told the 4,000 limit, not "concept is required" (wrong message for too_big)', async () => {
    const res = await post('/v1/intelligence/predict').send({
      concept: 'a'.repeat(5001),
      platform: 'instagram',
      modality: 'image',
    });

    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { param: 'concept', code: 'invalid_value', message: 'concept: too long: at most 4000 characters' },
    ]);
    const missing = await post('/v1/intelligence/predict').send({ platform: 'instagram', modality: 'image' });
    expect(missing.body.details[0].message).toBe('concept: concept is required as a string');
  });

  test('every too_big names its limit: items, numbers and text', async () => {
    const items = await post('/v1/publishing/publish').send({
      accountIds: Array.from({ length: 21 }, (_, i) => `a${i}`),
    });
    const number = await post('/v1/content/brief').send({ goal: 'launch', count: 11 });

    expect(items.body.details[0].message).toBe('accountIds: too many items: at most 20');
    expect(number.body.details[0].message).toBe('count: too large: at most 10');
  });

  test.each([
    ['text/plain', 'brief=a launch post'],
    ['application/x-www-form-urlencoded', 'brief=a+launch+post'],
    ['multipart/form-data; boundary=x', '--x\r\n\r\nbrief\r\n--x--'],
  ])(
    'a %s body on a JSON route is 400 VALIDATION_ERROR (the code table) naming the type, not read as an empty body',
    async (type, body) => {
      const res = await post('/v1/content/create').set('content-type', type).send(body);

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: expect.stringContaining(`Unsupported content type ${type}`),
        code: 'VALIDATION_ERROR',
        retryable: false,
        details: [{ param: null, code: 'unsupported_media_type', message: expect.stringContaining(type) }],
      });
    },
  );

  test('a POST without a body passes whatever its content type; JSON types with a suffix are JSON', async () => {
    const run = await post('/v1/apps/222e3b34-9f50-4c7b-bc8f-3007c30bec7a/runs')
      .set('x-atelier-test', 'true')
      .set('content-type', 'application/vnd.api+json')
      .send(JSON.stringify({ inputs: { topic: 'a rooftop garden' } }));
    const cancel = await post('/v1/runs/6f1d7a3e-2b4c-4d5e-8f90-123456789abc/cancel').set(
      'content-type',
      'text/plain',
    );

    expect(run.status).toBe(200);
    expect(cancel.status).toBe(404);
  });
});
