import { createTestStack, type TestStack } from '../../support/stack';

const BLOG_HERO = '7665e1a9-f604-41e7-9529-7b64b0a67d37';

describe('POST /v1/workflows/generate', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await createTestStack();
  });
  afterAll(() => stack.close());

  const generate = (body: object, key = stack.users.owner.key) =>
    stack.http.post('/v1/workflows/generate').set('x-api-key', key).send(body);
  const runToEnd = async (appId: string, inputs: Record<string, unknown>) => {
    const key = stack.users.owner.key;
    const started = await stack.http.post(`/v1/apps/${appId}/runs`).set('x-api-key', key).send({ inputs });
    expect(started.status).toBe(202);
    const waited = await stack.http
      .get(`/v1/runs/${started.body.data.runId}/wait?timeout=120`)
      .set('x-api-key', key);
    return waited.body.data;
  };

  test.each([
    [
      'An Instagram carousel of 3 slides about our autumn menu, with a caption and hashtags',
      ['Slide 1', 'Slide 2', 'Slide 3', 'Caption'],
    ],
    ['A LinkedIn image and a headline about remote work, 16:9, with a quality check', ['Image', 'Headline']],
    ['A narrated voiceover about saving water', ['Voiceover', 'Script']],
  ])('"%s" becomes a private app that runs to completion', async (instruction, labels) => {
    const res = await generate({ instruction });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ visibility: 'private', isPublic: false });
    expect(res.body.data.outputs.map((o: { label: string }) => o.label)).toEqual(labels);
    const detail = await stack.http
      .get(`/v1/apps/${res.body.data.appId}`)
      .set('x-api-key', stack.users.owner.key);
    expect(detail.body.data).toEqual(res.body.data);
    const run = await runToEnd(res.body.data.appId, { topic: 'a neighbourhood bakery' });
    expect(run.status).toBe('completed');
    expect(run.outputs.map((o: { status: string }) => o.status)).toEqual(labels.map(() => 'completed'));
  });

  test('a video with voiceover and subtitles is generated and runs', async () => {
    const res = await generate({
      instruction: 'A vertical video with a voiceover and subtitles about morning stretches',
      name: 'Stretch reel',
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Stretch reel',
      outputs: [{ label: 'Video', type: 'video' }],
    });
    expect(res.body.data.capabilities.nodeTypes).toEqual(
      expect.arrayContaining(['video.generate', 'video.compose', 'audio.tts']),
    );
    const run = await runToEnd(res.body.data.appId, { topic: 'morning stretches' });
    expect(run).toMatchObject({ status: 'completed', outputs: [{ type: 'video', status: 'completed' }] });
  });

  test('a generated app is private: neither another member of the workspace nor another workspace can see it', async () => {
    const res = await generate({ instruction: 'a square poster about a jazz night' });

    const member = await stack.http
      .get(`/v1/apps/${res.body.data.appId}`)
      .set('x-api-key', stack.users.member.key);
    const outsider = await stack.http
      .get(`/v1/apps/${res.body.data.appId}`)
      .set('x-api-key', stack.users.outsider.key);

    expect(member.status).toBe(404);
    expect(outsider.status).toBe(404);
  });

  test('baseAppId starts from that app: its parameters stay, the new deliverable is added', async () => {
    const res = await generate({ instruction: 'add a caption with hashtags', baseAppId: BLOG_HERO });

    expect(res.status).toBe(201);
    expect(res.body.data.parameters.map((p: { key: string }) => p.key)).toEqual(['article_title', 'mood']);
    expect(res.body.data.outputs.map((o: { label: string }) => o.label)).toEqual([
      'Hero image',
      'Headline',
      'Alt text',
      'Caption',
    ]);
  });

  test('a base app the caller cannot see is 404', async () => {
    const privateApp = await generate({ instruction: 'an image about tulips' }, stack.users.outsider.key);

    const res = await generate({ instruction: 'add a caption', baseAppId: privateApp.body.data.appId });

    expect(res.status).toBe(404);
  });

  test('sandbox validates and returns a deterministic test_ stub, storing nothing', async () => {
    const before = await stack.deps.db.selectFrom('apps').select('id').execute();

    const a = await generate({ instruction: 'an Instagram post about a flower shop' }).set(
      'x-atelier-test',
      'true',
    );
    const b = await generate({ instruction: 'an Instagram post about a flower shop', test: true });

    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({
      status: 'test',
      appId: expect.stringMatching(/^test_[0-9a-f-]{36}$/),
      outputs: [{ label: 'Image' }, { label: 'Caption' }],
    });
    expect(b.body.data.appId).toBe(a.body.data.appId);
    expect(await stack.deps.db.selectFrom('apps').select('id').execute()).toHaveLength(before.length);
  });

  test('an empty or unrecognisable instruction is 400 with details; nothing is stored', async () => {
    const before = await stack.deps.db.selectFrom('apps').select('id').execute();

    const empty = await generate({ instruction: '' });
    const vague = await generate({ instruction: 'do something nice' });
    const sandboxVague = await generate({ instruction: 'do something nice', test: true });

    expect(empty.status).toBe(400);
    expect(empty.body.details[0]).toMatchObject({ param: 'instruction' });
    expect(vague.status).toBe(400);
    expect(vague.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ param: 'instruction', code: 'nothing_recognised' }],
    });
    expect(sandboxVague.status).toBe(400);
    expect(await stack.deps.db.selectFrom('apps').select('id').execute()).toHaveLength(before.length);
  });
});
