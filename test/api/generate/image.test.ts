import { createTestStack, type TestStack } from '../../support/stack';

describe('POST /v1/generate/image', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await createTestStack();
  });
  afterAll(() => stack.close());

  const post = (body: object) =>
    stack.http.post('/v1/generate/image').set('x-api-key', stack.users.owner.key).send(body);

  test('answers 202 with a queued Run that completes with one image in the asked shape', async () => {
    const res = await post({ prompt: 'a lighthouse at dusk, teal and orange', aspectRatio: '16:9' });

    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      status: 'queued',
      outputs: [{ id: 'out', label: 'Image', status: 'pending', value: null }],
    });
    const waited = await stack.http
      .get(`/v1/runs/${res.body.data.runId}/wait?timeout=60`)
      .set('x-api-key', stack.users.owner.key);
    expect(waited.body.data).toMatchObject({
      status: 'completed',
      outputs: [{ type: 'image', status: 'completed', dimensions: { width: 1080, height: 608 } }],
    });
  });

  test('the run is listed with source generate', async () => {
    const res = await post({ prompt: 'a bowl of ramen' });

    const list = await stack.http.get('/v1/runs?limit=100').set('x-api-key', stack.users.owner.key);

    expect(list.body.data.find((r: { runId: string }) => r.runId === res.body.data.runId)).toMatchObject({
      source: 'generate',
    });
  });

  test('a webhook URL must be HTTPS', async () => {
    const http = await post({ prompt: 'a cat', webhookUrl: 'http://example.com/hook' });
    const malformed = await post({ prompt: 'a cat', webhookUrl: 'not a url' });

    expect(http.status).toBe(400);
    expect(http.body.code).toBe('WEBHOOK_INVALID_URL');
    expect(malformed.body.code).toBe('WEBHOOK_INVALID_URL');
  });

  test('a missing prompt or unknown ratio is 400 VALIDATION_ERROR', async () => {
    const missing = await post({});
    const ratio = await post({ prompt: 'a cat', aspectRatio: '2:1' });

    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ param: 'prompt' }] });
    expect(ratio.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ param: 'aspectRatio' }] });
  });

  test('sandbox answers the stub and starts nothing', async () => {
    const res = await post({ prompt: 'a cat', test: true });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'test',
      runId: expect.stringMatching(/^test_/),
      validatedInputs: { prompt: 'a cat', aspect_ratio: '1:1' },
    });
  });
});
