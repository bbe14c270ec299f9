import { createTestStack, type TestStack } from '../../support/stack';

describe('GET /v1/openapi.json', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
  });
  afterAll(() => stack.close());

  test('describes every route the routers declare, with the schemas they parse', async () => {
    const res = await stack.http.get('/v1/openapi.json').set('x-api-key', stack.users.owner.key);
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths as Record<string, Record<string, unknown>>).flatMap((p) =>
      Object.keys(p),
    );
    expect(operations.length).toBeGreaterThanOrEqual(48);
    const startRun = doc.paths['/v1/apps/{appId}/runs'].post;
    expect(startRun.parameters).toEqual([
      { name: 'appId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(startRun.requestBody.content['application/json'].schema.properties).toMatchObject({
      inputs: expect.any(Object),
      outputs: expect.any(Object),
      test: { type: 'boolean' },
    });
    expect(Object.keys(startRun.responses)).toEqual(
      expect.arrayContaining(['202', '400', '401', '403', '404', '429', '500', '503']),
    );
    const wait = doc.paths['/v1/runs/{runId}/wait'].get;
    expect(wait.parameters).toContainEqual(
      expect.objectContaining({
        name: 'timeout',
        in: 'query',
        schema: expect.objectContaining({ minimum: 1, maximum: 120 }),
      }),
    );
    expect(doc.paths['/v1/runs/{runId}/stream'].get.responses['200'].content).toHaveProperty(
      'text/event-stream',
    );
    expect(doc.components.schemas.ErrorEnvelope.properties.code.enum).toContain('RESOURCE_UNAVAILABLE');
  });

  test('needs a key like every /v1 route', async () => {
    expect((await stack.http.get('/v1/openapi.json')).status).toBe(401);
  });
});
