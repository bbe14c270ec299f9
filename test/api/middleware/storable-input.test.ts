import { createTestApi, type TestApi } from '../../support/api';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';
const A_RUN = '6f1d7a3e-2b4c-4d5e-8f90-123456789abc';

/** The 500s an outside probe found, one per kind of field, each with the field it must name. */
const BODIES: [string, string, string, string][] = [
  ['POST', `/v1/apps/${QUOTE_CARD}/runs`, '{"inputs":{"quote":"a\\u0000b"},"test":true}', 'inputs.quote'],
  ['PUT', '/v1/brand/dna', '{"voiceAttributes":["calm","\\u0000"]}', 'voiceAttributes.1'],
  ['POST', '/v1/brand/objectives', '{"type":"reach","statement":"grow \\ud800"}', 'statement'],
  ['POST', '/v1/brand/kit', '{"element_type":"voice","name":"v","spec":{"pitch":"\\u0000"}}', 'spec.pitch'],
  ['POST', '/v1/generate/image', '{"prompt":"a cat\\u0000"}', 'prompt'],
  ['POST', '/v1/compose/video', '{"formatId":"kinetic-captions","script":"hi\\udfff"}', 'script'],
  ['POST', '/v1/publishing/publish', '{"accountIds":["x"],"caption":"\\u0000"}', 'caption'],
  ['POST', `/v1/runs/${A_RUN}/feedback`, '{"feedback":"brighter\\u0000"}', 'feedback'],
  ['POST', '/v1/content/create', '{"brief":"a post","metadata":{"k\\u0000":"v"}}', 'metadata'],
];

describe('storableInput', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const refusal = (param: string, code = 'invalid_character') => ({
    code: 'VALIDATION_ERROR',
    retryable: false,
    details: [{ param, code, message: expect.stringContaining(param) }],
  });

  test.each(BODIES)(
    '%s %s: NUL or an unpaired surrogate is a 400 naming the field, not a retryable 500 (500 on text PostgreSQL cannot store)',
    async (method, path, body, param) => {
      const res = await api.http[method.toLowerCase() as 'post'](path)
        .set('x-api-key', api.users.owner.key)
        .set('content-type', 'application/json')
        .send(body);

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(refusal(param));
    },
  );

  test.each([
    ['/v1/apps?search=a%00b', 'search'],
    ['/v1/intelligence/trends?platform=%00', 'platform'],
    ['/v1/brand/dna?brandProfileId=%00', 'brandProfileId'],
    ['/v1/templates/a%00b', 'id'],
    [`/v1/runs/${A_RUN}%00`, 'runId'],
  ])('GET %s: NUL in a query or path parameter is a 400 naming it', async (url, param) => {
    const res = await api.http.get(url).set('x-api-key', api.users.owner.key);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refusal(param));
  });

  test('a kit spec nested 5000 deep is a 400 too_deep, not a RangeError (more 500s)', async () => {
    const spec = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await api.http
      .post('/v1/brand/kit')
      .set('x-api-key', api.users.owner.key)
      .set('content-type', 'application/json')
      .send(`{"element_type":"voice","name":"deep","spec":${spec}}`);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refusal(`spec${'.a'.repeat(31)}`, 'too_deep'));
    expect(res.body.details[0].message).toContain('32 levels');
  });

  test('stores text with emoji, controls and U+FFFF as it came', async () => {
    const res = await api.http
      .put('/v1/brand/dna')
      .set('x-api-key', api.users.owner.key)
      .send({ voiceAttributes: ['calm 😀👩‍👩‍👧', 'ring\u0007bell\uffff'] });

    expect(res.status).toBe(200);
    expect(res.body.data.voiceAttributes).toEqual(['calm 😀👩‍👩‍👧', 'ring\u0007bell\uffff']);
  });
});
