import { createTestApi, type TestApi } from '../../support/api';
import { startFakeServer, type FakeServer } from '../../support/fake-providers';

describe('POST /v1/apps/discover', () => {
  let api: TestApi;
  const post = (body: object, a = api) =>
    a.http.post('/v1/apps/discover').set('x-api-key', a.users.owner.key).send(body);
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('ranks catalog apps for an intent with scores, credits and reasons', async () => {
    const res = await post({ intent: 'an inspirational quote card for Instagram' });
    expect(res.status).toBe(200);
    const [top] = res.body.data.matches;
    expect(top).toMatchObject({
      name: 'Quote Card',
      relevanceScore: expect.any(Number),
      estimatedCredits: expect.any(Number),
      whyMatch: expect.any(String),
      capabilities: expect.objectContaining({ produces: expect.any(Array) }),
    });
    expect(top.matchReasons[0]).toEqual({
      source: expect.stringMatching(/^(name|description|frontmatter|capability|semantic)$/),
      field: expect.any(String),
      terms: expect.any(Array),
      explanation: expect.any(String),
    });
    expect(res.body.data.intent).toEqual({ medium: 'image', summary: expect.any(String) });
    expect(res.body.data.matches.length).toBeLessThanOrEqual(5);
  });

  test('constraints filter by credits and output format', async () => {
    const cheap = await post({ intent: 'a video ad for our shoes', constraints: { maxCredits: 5 } });
    for (const m of cheap.body.data.matches) expect(m.estimatedCredits).toBeLessThanOrEqual(5);
    const mp4 = await post({ intent: 'a video ad for our shoes', constraints: { outputFormat: 'mp4' } });
    expect(mp4.body.data.matches.length).toBeGreaterThan(0);
    for (const m of mp4.body.data.matches) expect(m.capabilities.outputFormats).toContain('video/mp4');
  });

  test('validates the body', async () => {
    expect((await post({})).status).toBe(400);
    expect((await post({ intent: 'x', limit: 11 })).status).toBe(400);
    expect((await post({ intent: 'quote card', limit: 1 })).body.data.matches).toHaveLength(1);
  });
});

describe('POST /v1/apps/discover with an embeddings model', () => {
  let server: FakeServer;
  let api: TestApi;
  beforeAll(async () => {
    // Vectors that make every text look like "podcast": the semantic component must show in the reasons.
    server = await startFakeServer((req) => {
      const { input } = req.body as { input: string[] };
      return {
        json: {
          object: 'list',
          data: input.map((text, index) => ({
            object: 'embedding',
            index,
            embedding: /podcast/i.test(text) ? [1, 0] : [0.6, 0.8],
          })),
          model: 'm',
        },
      };
    });
    api = await createTestApi({
      config: {
        EMBEDDINGS_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${server.baseUrl}/v1`,
        OPENAI_API_KEY: 'sk-test',
      },
    });
  });
  afterAll(async () => {
    await api.close();
    await server.close();
  });

  test('adds a semantic reason and embeds each app once', async () => {
    const first = await api.http
      .post('/v1/apps/discover')
      .set('x-api-key', api.users.owner.key)
      .send({ intent: 'promote a podcast episode' });
    expect(first.body.data.matches[0].name).toBe('Podcast Audiogram');
    expect(first.body.data.matches[0].matchReasons).toContainEqual(
      expect.objectContaining({ source: 'semantic', field: 'embedding' }),
    );
    const sent = server.requests.length;
    await api.http
      .post('/v1/apps/discover')
      .set('x-api-key', api.users.owner.key)
      .send({ intent: 'another podcast teaser' });
    expect(server.requests.slice(sent).map((r) => (r.body as { input: string[] }).input.length)).toEqual([1]);
  });
});
