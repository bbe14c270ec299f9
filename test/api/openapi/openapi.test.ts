import { createTestStack, type TestStack } from '../../support/stack';

type Operation = {
  operationId: string;
  tags: string[];
  responses: Record<
    string,
    { $ref?: string; content?: Record<string, { schema?: unknown; example?: unknown }> }
  >;
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};

const SPEC_TAGS = [
  'Apps',
  'Runs',
  'Assets',
  'Intelligence',
  'Publishing',
  'Compound',
  'Account',
  'Templates',
  'Webhooks',
];

describe('GET /v1/openapi.json', () => {
  let stack: TestStack;
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> };
    tags: { name: string }[];
  };
  let operations: [string, Operation][];
  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
    const res = await stack.http.get('/v1/openapi.json').set('x-api-key', stack.users.owner.key);
    expect(res.status).toBe(200);
    doc = res.body;
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        op,
      ]),
    );
  });
  afterAll(() => stack.close());

  test('describes every route the routers declare, with the schemas they parse', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operations.length).toBeGreaterThanOrEqual(54);
    const startRun = doc.paths['/v1/apps/{appId}/runs'].post;
    expect(startRun.parameters).toEqual([
      expect.objectContaining({
        name: 'appId',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string' }),
      }),
      expect.objectContaining({ name: 'webhook', in: 'query', schema: { type: 'string', maxLength: 2000 } }),
      expect.objectContaining({
        name: 'Idempotency-Key',
        in: 'header',
        schema: expect.objectContaining({ maxLength: 255 }),
      }),
    ]);
    expect(startRun.requestBody!.content['application/json'].schema.properties).toMatchObject({
      inputs: expect.any(Object),
      outputs: expect.any(Object),
      test: { type: 'boolean' },
    });
    expect(Object.keys(startRun.responses)).toEqual(
      expect.arrayContaining(['200', '202', '400', '401', '403', '404', '413', '422', '429', '500', '503']),
    );
    expect(doc.paths['/v1/runs/{runId}/wait'].get.parameters).toContainEqual(
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

  test('request bodies are closed as the server holds them: an unknown field is refused, records stay open (issue 27 item 6)', () => {
    const body = (path: string, method: string) =>
      doc.paths[path][method].requestBody!.content['application/json'].schema as {
        additionalProperties?: unknown;
        properties: Record<string, { additionalProperties?: unknown }>;
      };

    expect(body('/v1/apps/{appId}/visibility', 'post').additionalProperties).toBe(false);
    expect(body('/v1/apps/{appId}/estimate', 'post').additionalProperties).toBe(false);
    // `inputs` takes any parameter key: what it takes is the app's, and it stays open.
    expect(body('/v1/apps/{appId}/runs', 'post').properties.inputs.additionalProperties).not.toBe(false);
  });

  test('the SSE event schema in the OpenAPI document matches the wire: data is JSON text of a Run (issue 27 item 6)', () => {
    const stream = doc.paths['/v1/runs/{runId}/stream'].get.responses['200'].content!['text/event-stream'];
    const message = doc.components.schemas.RunStreamMessage as unknown as {
      oneOf: { properties: { event: { enum?: string[] }; data: Record<string, unknown> } }[];
    };

    expect(stream.schema).toEqual({ $ref: '#/components/schemas/RunStreamMessage' });
    expect(typeof (stream.example as { data: unknown }).data).toBe('string');
    expect(message.oneOf[0].properties.event.enum).toEqual(['progress', 'complete', 'error']);
    expect(message.oneOf.map((variant) => variant.properties.data)).toEqual(
      [
        { $ref: '#/components/schemas/Run' },
        { $ref: '#/components/schemas/RunNodeEvent' },
        expect.objectContaining({ type: 'object' }),
        { type: 'integer' },
      ].map((contentSchema) =>
        expect.objectContaining({ type: 'string', contentMediaType: 'application/json', contentSchema }),
      ),
    );
  });

  test("gives every operation a unique operationId and one of the contract's resource groups as tag", () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, op] of operations) expect(SPEC_TAGS).toEqual(expect.arrayContaining(op.tags));
    expect(doc.tags.map((t) => t.name)).toEqual(SPEC_TAGS);
  });

  test('types every success answer with a schema and an example (coverage 100%)', () => {
    const untyped = operations.filter(([, op]) => {
      const successes = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      return (
        successes.length === 0 ||
        successes.some(([, answer]) =>
          Object.values(answer.content ?? {}).some((media) => !media.schema || media.example === undefined),
        )
      );
    });
    expect(untyped.map(([key]) => key)).toEqual([]);
    const run = doc.paths['/v1/runs/{runId}'].get.responses['200'].content!['application/json'].schema;
    expect(run).toEqual({
      type: 'object',
      properties: { data: { $ref: '#/components/schemas/Run' } },
      required: ['data'],
    });
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Run',
        'RunOutput',
        'RunNode',
        'AwaitingApproval',
        'SandboxStub',
        'ContentRan',
        'ErrorEnvelope',
      ]),
    );
  });

  test('needs a key like every /v1 route', async () => {
    expect((await stack.http.get('/v1/openapi.json')).status).toBe(401);
  });
});
