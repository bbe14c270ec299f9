import { createTestApi, type TestApi } from '../../support/api';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

describe('strict inputs: unknown body fields and query parameters are 400 unknown_field (issue 25 item 7)', () => {
  let api: TestApi;
  const key = () => api.users.owner.key;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('a misspelt body field of generate/image is refused with the name it meant, not dropped', async () => {
    const res = await api.http
      .post('/v1/generate/image')
      .set('x-api-key', key())
      .send({ prompt: 'a red kite', aspect_ratio: '9:16', test: true });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details).toContainEqual({
      param: 'aspect_ratio',
      code: 'unknown_field',
      message: 'aspect_ratio: unknown field; did you mean aspectRatio?',
      suggestion: 'aspectRatio',
    });
    expect(res.body.error).toContain('aspect_ratio');
  });

  test('a nested unknown field of Run App is named by its path', async () => {
    const res = await api.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { topic: 'bread' }, test: true, output: ['image'] });
    expect(res.status).toBe(400);
    expect(res.body.details[0]).toMatchObject({ param: 'output', suggestion: 'outputs' });
  });

  test('an undeclared query parameter is refused, also on routes that read no query', async () => {
    const runs = await api.http.get('/v1/runs?limt=5').set('x-api-key', key());
    expect(runs.status).toBe(400);
    expect(runs.body.details[0]).toMatchObject({ param: 'limt', code: 'unknown_field', suggestion: 'limit' });
    const app = await api.http.get(`/v1/apps/${SOCIAL_POST}?verbose=1`).set('x-api-key', key());
    expect(app.status).toBe(400);
    expect(app.body.details[0]).toMatchObject({ param: 'verbose', code: 'unknown_field' });
    expect(app.body.details[0].message).toBe('verbose: unknown field; known: none');
  });

  test('a body sent to a route that takes none is refused', async () => {
    const res = await api.http
      .post('/v1/runs/6f1d7a3e-2b4c-4d5e-8f90-123456789abc/cancel')
      .set('x-api-key', key())
      .send({ reason: 'changed my mind' });
    expect(res.status).toBe(400);
    expect(res.body.details[0]).toMatchObject({ param: 'reason', code: 'unknown_field' });
  });

  test('free-form objects still take any key, and declared parameters pass', async () => {
    const res = await api.http
      .post(`/v1/apps/${SOCIAL_POST}/runs?webhook=`)
      .set('x-api-key', key())
      .send({ inputs: { topic: 'bread' }, test: true });
    expect(res.status).toBe(200);
    const brand = await api.http
      .put('/v1/brand/dna?brandProfileId=')
      .set('x-api-key', key())
      .send({ voiceAttributes: ['warm'], brandProfileId: null });
    expect(brand.status).toBe(200);
  });

  test('GET /v1/runs?since= lists only runs created at or after it; a bad time is 400', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await api.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { topic: 'bread' } });
    const all = await api.http.get('/v1/runs').set('x-api-key', key());
    const recent = await api.http.get(`/v1/runs?since=${encodeURIComponent(before)}`).set('x-api-key', key());
    const future = await api.http.get('/v1/runs?since=2030-01-01T00:00:00Z').set('x-api-key', key());
    expect(all.body.pagination.total).toBeGreaterThanOrEqual(1);
    expect(recent.body.pagination.total).toBe(1);
    expect(future.body).toMatchObject({ data: [], pagination: { total: 0 } });
    const bad = await api.http.get('/v1/runs?since=yesterday').set('x-api-key', key());
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].param).toBe('since');
  });
});
