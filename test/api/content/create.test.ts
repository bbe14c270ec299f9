import { createTestApi, type TestApi } from '../../support/api';
import { findRun } from '../../../adapters/db/runs';
import type { Plan } from '../../../core/graph/plan';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const PHOTO_CLIP_BRIEF = 'Animate my product photo into a short zoom video clip';

describe('POST /v1/content/create', () => {
  let api: TestApi;
  const post = (body: object) =>
    api.http.post('/v1/content/create').set('x-api-key', api.users.owner.key).send(body);
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('starts a run of the best app with drafted inputs (202, source content)', async () => {
    const res = await post({
      brief: 'An Instagram post image with a caption announcing our spring sale, minimal style',
      aspectRatio: '4:5',
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      status: 'ran',
      runId: expect.any(String),
      workflowId: res.body.data.runId,
      mode: 'recipe',
      selectedApp: {
        appId: SOCIAL_POST,
        name: 'Social Post Image with Caption',
        rationale: expect.any(String),
      },
      draftedInputs: {
        topic: 'spring sale',
        style: 'Minimal',
        aspect_ratio: '4:5',
      },
      warnings: [],
    });
    const run = await findRun(api.database.db, res.body.data.runId);
    expect(run).toMatchObject({ source: 'content', app_id: SOCIAL_POST, status: 'queued' });
  });

  test('headless never answers needs_input: a URL it cannot draft gives a runnable fallback or unmatched', async () => {
    for (const body of [
      { brief: PHOTO_CLIP_BRIEF, headless: true },
      { brief: PHOTO_CLIP_BRIEF, terminalMode: 'auto' },
      { brief: 'quote card', headless: true },
    ]) {
      const res = await post(body);
      expect(['ran', 'unmatched']).toContain(res.body.data.status);
      if (res.body.data.status === 'ran') expect(res.body.data.unmetAsks).toEqual(expect.any(Array));
    }
  });

  test('interactive mode asks for what it cannot draft', async () => {
    const res = await post({ brief: PHOTO_CLIP_BRIEF });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'needs_input',
      selectedApp: { name: 'Photo to Video Clip' },
      askUser: [expect.objectContaining({ key: 'photo', type: 'url', required: true })],
    });
  });

  test('a nonsense brief is unmatched in headless mode', async () => {
    const res = await post({ brief: 'qwzx blorf vlim', headless: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      status: 'unmatched',
      cause: 'no_fit',
      reason: expect.stringContaining('No app fits'),
      candidates: [],
      confidence: { value: 0, runThreshold: expect.any(Number), model: 'lexical' },
    });
  });

  test('webhookUrl: the top-level one wins over metadata.webhookUrl, and only HTTPS is accepted', async () => {
    const both = await post({
      brief: 'An Instagram post with a caption about oat milk',
      webhookUrl: 'https://hooks.example.com/top',
      metadata: { webhookUrl: 'https://hooks.example.com/meta' },
    });
    expect(both.status).toBe(202);
    expect((await findRun(api.database.db, both.body.data.runId))!.webhook_url).toBe(
      'https://hooks.example.com/top',
    );
    const meta = await post({
      brief: 'An Instagram post with a caption about oat milk',
      metadata: { webhookUrl: 'https://hooks.example.com/meta' },
    });
    expect((await findRun(api.database.db, meta.body.data.runId))!.webhook_url).toBe(
      'https://hooks.example.com/meta',
    );
    for (const webhookUrl of ['http://hooks.example.com/x', 'not a url']) {
      const bad = await post({ brief: 'An Instagram post with a caption about oat milk', webhookUrl });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('WEBHOOK_INVALID_URL');
    }
    const badMeta = await post({
      brief: 'An Instagram post with a caption about oat milk',
      webhookUrl: null,
      metadata: { webhookUrl: 'http://hooks.example.com/meta' },
    });
    expect(badMeta.body.code).toBe('WEBHOOK_INVALID_URL');
  });

  test('a template and the brand DNA reach the stored run plan', async () => {
    const dna = await api.http
      .put('/v1/brand/dna')
      .set('x-api-key', api.users.owner.key)
      .send({ voiceAttributes: ['warm'], guardrails: ['no health claims'] });
    expect(dna.status).toBe(200);
    const res = await post({
      brief: 'An Instagram post with a caption about oat milk',
      templateId: 'product-launch-teaser',
    });
    expect(res.status).toBe(202);
    const plan = (await findRun(api.database.db, res.body.data.runId))!.plan as Plan;
    const image = plan.nodes.find((n) => n.type === 'image.generate')!;
    const caption = plan.nodes.find((n) => n.type === 'text.generate')!;
    expect(image.config.prompt).toContain('Lead with the single benefit the product delivers');
    expect(image.config.prompt).toContain('cluttered background');
    expect(image.config.prompt).toContain('no health claims');
    expect(caption.config.system).toContain('Brand voice: warm');
  });

  test('autoQuality stores a plan with a quality gate before every output', async () => {
    const res = await post({
      brief: 'An Instagram post with a caption about oat milk',
      autoQuality: { enabled: true, minScore: 0.75, maxRetries: 1 },
    });
    const plan = (await findRun(api.database.db, res.body.data.runId))!.plan as Plan;
    for (const output of plan.outputs) {
      const parent = plan.nodes.find(
        (n) => n.id === plan.nodes.find((o) => o.id === output.nodeId)!.parents[0],
      )!;
      expect(parent).toMatchObject({ type: 'quality.check', config: { minScore: 0.75, maxRetries: 1 } });
    }
  });

  test('unknown template and brand profile are 404; a missing brief is 400', async () => {
    expect((await post({ brief: 'a post', templateId: 'no-such-template' })).status).toBe(404);
    expect(
      (await post({ brief: 'a post', brandProfileId: '5b6b7f0e-1111-4222-8333-444455556666' })).status,
    ).toBe(404);
    expect((await post({})).body.code).toBe('VALIDATION_ERROR');
  });

  test('the sandbox header validates and answers a stub without starting anything, with the real 202', async () => {
    const res = await post({ brief: 'An Instagram post with a caption about oat milk' }).set(
      'x-atelier-test',
      'true',
    );
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      status: 'ran',
      runId: expect.stringMatching(/^test_/),
      runStatus: 'test',
    });
    // The stub says where each input came from as the answer does: read from the brief, not given.
    expect(res.body.data.run.inputSources).toEqual(res.body.data.inputSources);
    expect(res.body.data.inputSources.topic.source).not.toBe('given');
  });
});

describe('POST /v1/content/brief', () => {
  let api: TestApi;
  const post = (body: object) =>
    api.http.post('/v1/content/brief').set('x-api-key', api.users.owner.key).send(body);
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('a missing or non-string goal is 400 "goal is required as a string"', async () => {
    for (const body of [{}, { goal: 42 }, { goal: '  ' }]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: 'goal is required as a string' });
    }
  });

  test('returns 3 briefs by default, up to 10, and refuses more', async () => {
    expect((await post({ goal: 'Grow newsletter signups' })).body.data.briefs).toHaveLength(3);
    const ten = (await post({ goal: 'Grow newsletter signups', count: 10 })).body.data.briefs;
    expect(ten).toHaveLength(10);
    expect(new Set(ten.map((b: { brief: string }) => b.brief)).size).toBe(10);
    expect((await post({ goal: 'Grow newsletter signups', count: 11 })).status).toBe(400);
    expect((await post({ goal: 'Grow newsletter signups', count: 0 })).status).toBe(400);
  });

  test('a brief is usable as the brief of content creation', async () => {
    const [first] = (
      await post({ goal: 'Launch our oat milk latte', platform: 'instagram', modality: 'image', count: 1 })
    ).body.data.briefs;
    expect(first).toMatchObject({
      platform: 'instagram',
      modality: 'image',
      brief: expect.stringContaining('Goal: Launch our oat milk latte'),
    });
    const created = await api.http
      .post('/v1/content/create')
      .set('x-api-key', api.users.owner.key)
      .send({ brief: first.brief, headless: true });
    expect(created.body.data.status).toBe('ran');
  });
});
