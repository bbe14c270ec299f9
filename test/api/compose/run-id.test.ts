import { createTestApi, type TestApi } from '../../support/api';

describe('POST /v1/compose/video runId', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test.each(['abc', '1', "1' OR '1'='1", '6f1d7a3e2b4c4d5e8f90123456789abc'])(
    'runId %j is a 400 naming runId, not a 500 from SQL (non-uuid reaches SQL)',
    async (runId) => {
      const res = await api.http
        .post('/v1/compose/video')
        .set('x-api-key', api.users.owner.key)
        .send({ formatId: 'kinetic-captions', runId });

      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'runId', code: 'invalid_value', message: 'runId: must be a run id (a UUID)' },
      ]);
    },
  );

  test('a UUID that names no run of the workspace is a 400 run_not_found', async () => {
    const res = await api.http
      .post('/v1/compose/video')
      .set('x-api-key', api.users.owner.key)
      .send({ formatId: 'kinetic-captions', runId: '6f1d7a3e-2b4c-4d5e-8f90-123456789abc' });

    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual(
      expect.objectContaining({ param: 'runId', code: 'run_not_found' }),
    );
  });
});
