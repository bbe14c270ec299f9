import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

describe('GET /v1/assets', () => {
  let stack: TestStack;
  let postRun: string;
  let quoteRun: string;

  const run = async (appId: string, inputs: Record<string, string>) => {
    const started = await stack.http
      .post(`/v1/apps/${appId}/runs`)
      .set('x-api-key', stack.users.owner.key)
      .send({ inputs });
    const waited = await stack.http
      .get(`/v1/runs/${started.body.data.runId}/wait?timeout=60`)
      .set('x-api-key', stack.users.owner.key);
    expect(waited.body.data.status).toBe('completed');
    return started.body.data.runId as string;
  };
  const get = (query: string, key = stack.users.owner.key) =>
    stack.http.get(`/v1/assets${query}`).set('x-api-key', key);

  beforeAll(async () => {
    stack = await createTestStack();
    postRun = await run(SOCIAL_POST, { topic: 'a farmers market opening' });
    quoteRun = await run(QUOTE_CARD, { quote: 'Make it simple, but significant' });
  });
  afterAll(() => stack.close());

  test('lists the completed outputs of completed runs, newest first, with pagination', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 3, limit: 20, offset: 0 });
    expect(res.body.data.map((a: { runId: string }) => a.runId)).toEqual([quoteRun, postRun, postRun]);
    const times = res.body.data.map((a: { createdAt: string }) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const asset of res.body.data)
      expect(asset).toMatchObject({
        id: expect.any(String),
        status: 'completed',
        outputType: expect.stringMatching(/image|text/),
      });
  });

  test('filters by run and by type', async () => {
    const byRun = await get(`?runId=${postRun}`);
    expect(byRun.body.data).toHaveLength(2);
    const images = await get('?type=image');
    expect(images.body.data.map((a: { outputType: string }) => a.outputType)).toEqual(['image', 'image']);
    expect(images.body.data.every((a: { cdnUrl: string }) => a.cdnUrl.includes('/cdn/runs/'))).toBe(true);
    const texts = await get(`?type=text&runId=${postRun}`);
    expect(texts.body.data).toEqual([
      expect.objectContaining({ outputType: 'text', textContent: expect.any(String), cdnUrl: null }),
    ]);
  });

  test('pages with limit and offset', async () => {
    const first = await get('?limit=2&offset=0');
    const second = await get('?limit=2&offset=2');
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.pagination).toEqual({ total: 3, limit: 2, offset: 2 });
  });

  test('rejects a limit over 100 and an unknown type', async () => {
    expect((await get('?limit=101')).status).toBe(400);
    expect((await get('?type=pdf')).body.code).toBe('VALIDATION_ERROR');
  });

  test('never shows another workspace its assets', async () => {
    const res = await get('', stack.users.outsider.key);
    expect(res.body.data).toEqual([]);
    expect((await get(`?runId=${postRun}`, stack.users.outsider.key)).body.data).toEqual([]);
  });

  test('serves stored media under /cdn with ranges', async () => {
    const [image] = (await get('?type=image&limit=1')).body.data;
    const path = new URL(image.cdnUrl).pathname;
    const whole = await stack.http.get(path).buffer(true);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['cache-control']).toContain('immutable');
    const size = Number(whole.headers['content-length']);
    const part = await stack.http.get(path).set('Range', 'bytes=0-7').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${size}`);
    expect(Buffer.from(part.body).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const tail = await stack.http.get(path).set('Range', 'bytes=-4').buffer(true);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 4}-${size - 1}/${size}`);
    expect((await stack.http.get(path).set('Range', `bytes=${size}-`)).status).toBe(416);
    expect((await stack.http.get('/cdn/runs/../../etc/passwd')).status).toBe(404);
    expect((await stack.http.get('/cdn/runs/nothing-here.png')).status).toBe(404);
  });
});
