import { createTestApi, type TestApi } from '../../support/api';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const SURE_BRIEF = 'An Instagram post image with a caption announcing our spring sale, minimal style';

describe('POST /v1/content/plan: the router of content/create without dispatch', () => {
  let api: TestApi;
  const post = (path: string, body: object) =>
    api.http.post(path).set('x-api-key', api.users.owner.key).send(body);
  const runCount = async () =>
    (await api.http.get('/v1/runs').set('x-api-key', api.users.owner.key)).body.data.length as number;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('answers planned with the app, its inputs, the confidence and the cost, and starts nothing', async () => {
    const before = await runCount();
    const res = await post('/v1/content/plan', { brief: SURE_BRIEF, aspectRatio: '4:5', headless: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'planned',
      mode: 'recipe',
      selectedApp: { appId: SOCIAL_POST },
      draftedInputs: { topic: 'spring sale', style: 'Minimal', aspect_ratio: '4:5' },
      unmetAsks: expect.any(Array),
      confidence: { value: expect.any(Number), runThreshold: expect.any(Number) },
      estimatedCredits: { expected: expect.any(Number), min: expect.any(Number), max: expect.any(Number) },
    });
    expect(res.body.data.confidence.value).toBeGreaterThanOrEqual(res.body.data.confidence.runThreshold);
    expect(await runCount()).toBe(before);
  });

  test('plans what create then does: the same app and inputs', async () => {
    const planned = await post('/v1/content/plan', { brief: SURE_BRIEF, headless: true });
    const made = await post('/v1/content/create', { brief: SURE_BRIEF, headless: true });
    expect(made.body.data.status).toBe('ran');
    expect(made.body.data.selectedApp).toEqual(planned.body.data.selectedApp);
    expect(made.body.data.draftedInputs).toEqual(planned.body.data.draftedInputs);
    expect(made.body.data.confidence).toEqual(planned.body.data.confidence);
  });

  test('a request no app does is unmatched in headless mode and a clarification in interactive mode', async () => {
    const brief = 'Translate our 12-page contract into German';
    const headless = await post('/v1/content/plan', { brief, headless: true });
    expect(headless.body.data).toMatchObject({
      status: 'unmatched',
      cause: 'no_fit',
      candidates: expect.any(Array),
    });
    const interactive = await post('/v1/content/plan', { brief });
    expect(interactive.body.data).toMatchObject({
      status: 'needs_clarification',
      cause: 'no_fit',
      question: expect.any(String),
    });
  });

  test('headless create with appId runs the router and says the appId was ignored', async () => {
    const res = await post('/v1/content/create', {
      brief: SURE_BRIEF,
      headless: true,
      appId: '7e3076ef-8947-4a13-b318-a846a20cd1fd',
    });
    expect(res.body.data.selectedApp.appId).toBe(SOCIAL_POST);
    expect(res.body.data.warnings).toContainEqual({
      field: 'appId',
      message: expect.stringContaining('ignored'),
    });
  });

  test('a bad body is the error envelope, as on create', async () => {
    const res = await post('/v1/content/plan', { headless: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  test('discovery exposes the same confidence', async () => {
    const res = await post('/v1/apps/discover', { intent: SURE_BRIEF });
    expect(res.body.data.confidence).toEqual({
      value: expect.any(Number),
      runThreshold: expect.any(Number),
      model: 'lexical',
    });
  });
});
