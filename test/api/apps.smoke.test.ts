import { createTestApi, type TestApi } from '../support/api';

describe('GET /v1/apps', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('lists the built-in catalog for a valid key', async () => {
    const res = await api.http.get('/v1/apps').set('x-api-key', api.users.owner.key);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(3);
    expect(res.body.data[0]).toEqual(expect.objectContaining({ appId: expect.any(String), isPublic: true }));
  });
});
