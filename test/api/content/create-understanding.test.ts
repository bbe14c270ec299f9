import { createTestApi, type TestApi } from '../../support/api';
import { startFakeChat, type FakeChat } from '../../support/fake-chat';
import { samplePng, startMediaServer, type MediaServer } from '../../support/media-server';
import { FIT_BRIEFS, NO_FIT_BRIEFS, PRODUCT, SCRIPTED } from '../../core/discovery/own-briefs';

describe('POST /v1/content/create and /v1/apps/discover decide alike', () => {
  let api: TestApi;
  let media: MediaServer;
  const post = (path: string, body: object) =>
    api.http.post(path).set('x-api-key', api.users.owner.key).set('x-atelier-test', 'true').send(body);
  const create = (body: object) => post('/v1/content/create', { headless: true, ...body });
  beforeAll(async () => {
    api = await createTestApi();
    media = await startMediaServer({
      '/photos/kettle.png': { type: 'image/png', body: await samplePng(320, 240) },
      '/pages/kettle.html': { type: 'text/html', body: '<!doctype html><p>not an image</p>' },
    });
  });
  afterAll(async () => {
    await media.close();
    await api.close();
  });

  test('create runs the app discovery ranks first, and abstains where discovery finds no fit', async () => {
    for (const [brief] of FIT_BRIEFS.filter((_, i) => i % 3 === 0)) {
      const [found, made] = [await post('/v1/apps/discover', { intent: brief }), await create({ brief })];
      expect(found.body.data.verdict).toEqual({ status: 'fit', reason: null });
      if (made.body.data.status === 'ran')
        expect(made.body.data.selectedApp.appId).toBe(found.body.data.matches[0].appId);
    }
    for (const brief of NO_FIT_BRIEFS.filter((_, i) => i % 4 === 0)) {
      const [found, made] = [await post('/v1/apps/discover', { intent: brief }), await create({ brief })];
      expect(found.body.data.verdict).toEqual({
        status: 'unmatched',
        reason: expect.stringMatching(/^No app/),
      });
      expect(made.status).toBe(200);
      expect(made.body.data).toMatchObject({
        status: 'unmatched',
        cause: 'no_fit',
        reason: expect.stringMatching(/^No app/),
      });
    }
  });

  test('interactive mode asks what to make instead (the contract keeps unmatched for headless)', async () => {
    const res = await post('/v1/content/create', { brief: 'Translate our menu into Japanese' });
    expect(res.body.data).toMatchObject({
      status: 'needs_clarification',
      cause: 'no_fit',
      reason: expect.stringMatching(/^No app/),
      question: expect.any(String),
    });
  });

  test('`ran` is 202 in sandbox mode too, as the real answer', async () => {
    const res = await create({ brief: 'Instagram post with caption about our new opening hours' });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'ran', runStatus: 'test', unmetAsks: [] });
  });

  test('a photo URL that works goes to the media field', async () => {
    const url = media.url('/photos/kettle.png');
    const res = await create({ brief: `Put ${url} on a pastel backdrop, it is the Aurora kettle` });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      selectedApp: { appId: PRODUCT },
      draftedInputs: { product_image: url, product_name: 'Aurora kettle' },
    });
  });

  test.each([
    ['not found', '/missing/kettle.png', /HTTP 404/],
    ['not an image', '/pages/kettle.html', /text\/html|not an image|image/],
  ])(
    'a photo URL that is %s never gives 400: headless answers unmatched with the reason',
    async (_, path, why) => {
      const url = media.url(path);
      const res = await create({ brief: `Put ${url} on a pastel backdrop, it is the Aurora kettle` });
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('unmatched');
      expect(res.body.data.reason).toContain(url);
      expect(res.body.data.reason).toMatch(why);
    },
  );

  test('interactive mode asks for a working URL, naming the one that failed', async () => {
    const url = media.url('/missing/kettle.png');
    const res = await post('/v1/content/create', {
      brief: `Put ${url} on a pastel backdrop, it is the Aurora kettle`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'needs_input',
      selectedApp: { appId: PRODUCT },
      askUser: [expect.objectContaining({ key: 'product_image', question: expect.stringContaining(url) })],
    });
  });

  test('an unreachable URL the app does not need leaves the run alone', async () => {
    const res = await create({
      brief: `Narrated video from this script, our logo is at ${media.url('/missing/logo.png')}: "Fresh bread from 7am."`,
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      selectedApp: { appId: SCRIPTED },
      draftedInputs: { script: 'Fresh bread from 7am.' },
    });
  });

  test('the same brief twice gives the same run', async () => {
    const brief = 'carousal about 3 ways to cut food waste: plan meals, freeze leftovers, shop smarter';
    const [a, b] = [await create({ brief }), await create({ brief })];
    expect(a.body.data.runId).toBe(b.body.data.runId);
    expect(a.body.data.draftedInputs).toEqual(b.body.data.draftedInputs);
  });
});

describe('POST /v1/content/create with a chat model (TEXT_PROVIDER=openai)', () => {
  let api: TestApi;
  let chat: FakeChat;
  let answer: { name: string; arguments: string } | 'bad';
  const create = (brief: string) =>
    api.http
      .post('/v1/content/create')
      .set('x-api-key', api.users.owner.key)
      .set('x-atelier-test', 'true')
      .send({ brief, headless: true });
  beforeAll(async () => {
    chat = await startFakeChat((body) => {
      const tools = body.tools as { function: { name: string } }[];
      const first = tools[0].function.name;
      if (answer === 'bad') return { call: { name: first, arguments: 'not json' } };
      return { call: { ...answer, name: answer.name === 'first' ? first : answer.name } };
    });
    api = await createTestApi({
      config: { TEXT_PROVIDER: 'openai', OPENAI_BASE_URL: chat.baseUrl, OPENAI_API_KEY: 'k' },
    });
  });
  afterAll(async () => {
    await api.close();
    await chat.close();
  });

  test("the model's tool call chooses and fills; its values pass the run validator and reach the run", async () => {
    answer = {
      name: 'first',
      arguments: JSON.stringify({
        product: 'Kite running jacket',
        call_to_action: 'Run free',
        palette: 'Ocean',
      }),
    };
    const res = await create(
      'Short vertical ad with a voiceover and captions for the Kite running jacket, ending on "Run free"',
    );
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      selectedApp: {
        name: 'Vertical Video Ad with Voiceover and Captions',
        rationale: expect.stringContaining('chat model'),
      },
      draftedInputs: { product: 'Kite running jacket', call_to_action: 'Run free', palette: 'Ocean' },
      warnings: [],
    });
  });

  test('a malformed answer falls back to the rules, with a warning', async () => {
    answer = 'bad';
    const res = await create('Short vertical ad with a voiceover for the Lumo bike light');
    expect(res.status).toBe(202);
    expect(res.body.data.selectedApp.name).toBe('Vertical Video Ad with Voiceover and Captions');
    expect(res.body.data.draftedInputs.product).toMatch(/Lumo bike light/);
    expect(res.body.data.warnings).toEqual([
      { field: 'model', message: expect.stringMatching(/not JSON.*rules/) },
    ]);
  });

  test('a value made of words the brief does not have is an invention: the rules fill instead, with a warning', async () => {
    answer = {
      name: 'first',
      arguments: JSON.stringify({ product: 'The Trailblazer bottle', call_to_action: null, palette: null }),
    };
    const res = await create('Short vertical ad with a voiceover for the Lumo bike light');
    expect(res.status).toBe(202);
    expect(res.body.data.draftedInputs.product).toMatch(/Lumo bike light/);
    expect(res.body.data.warnings).toEqual([
      { field: 'model', message: expect.stringMatching(/product "The Trailblazer bottle" not in the brief/) },
    ]);
  });

  test.each([
    ['headless', true, 'unmatched'],
    ['interactive', false, 'needs_clarification'],
  ])(
    'a malformed answer on a brief the rules will not run (%s) keeps its warning in the answer',
    async (_, headless, status) => {
      answer = 'bad';
      const res = await api.http
        .post('/v1/content/create')
        .set('x-api-key', api.users.owner.key)
        .set('x-atelier-test', 'true')
        .send({ brief: 'Write a Python script that renames my holiday photos by date', headless });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        status,
        warnings: [{ field: 'model', message: expect.stringMatching(/not JSON.*chosen by the rules$/) }],
      });
    },
  );

  test('no_app_fits from the model answers unmatched with its reason', async () => {
    answer = { name: 'no_app_fits', arguments: '{"reason":"it asks for a podcast edit"}' };
    const res = await create('Tidy up our podcast sound a little');
    expect(res.body.data).toMatchObject({
      status: 'unmatched',
      cause: 'no_fit',
      reason: expect.stringContaining('it asks for a podcast edit'),
    });
  });
});
