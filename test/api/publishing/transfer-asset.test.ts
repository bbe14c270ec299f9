import { createTestStack, type TestStack } from '../../support/stack';
import { samplePng, startMediaServer, type MediaServer } from '../../support/media-server';

describe('POST /v1/publishing/transfer-asset', () => {
  let stack: TestStack;
  let media: MediaServer;
  let png: Buffer;
  const transfer = (body: object, s = stack) =>
    s.http.post('/v1/publishing/transfer-asset').set('x-api-key', s.users.owner.key).send(body);

  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
    png = await samplePng();
    media = await startMediaServer({
      '/photo.png': { type: 'image/png', body: png },
      '/page.html': { type: 'text/html', body: '<html></html>' },
    });
  });
  afterAll(async () => {
    await media.close();
    await stack.close();
  });

  test('copies an allowlisted loopback image to permanent storage and lists it as an asset', async () => {
    const res = await transfer({
      sourceUrl: media.url('/photo.png'),
      mediaType: 'image',
      filename: '../../My Photo?.png',
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.data.url);
    expect(url.pathname).toMatch(/^\/cdn\/transfers\/[0-9a-f-]+\/[0-9a-f-]+\/My-Photo-\.png$/);
    const served = await stack.http.get(url.pathname).buffer(true);
    expect(Buffer.compare(Buffer.from(served.body), png)).toBe(0);
    const assets = await stack.http.get('/v1/assets?type=image').set('x-api-key', stack.users.owner.key);
    expect(assets.body.data[0]).toMatchObject({
      runId: null,
      sourceUrl: media.url('/photo.png'),
      cdnUrl: res.body.data.url,
    });
  });

  test('refuses a source whose type does not match mediaType', async () => {
    const res = await transfer({ sourceUrl: media.url('/page.html'), mediaType: 'image', filename: 'x.png' });
    expect(res.status).toBe(400);
    expect(res.body.details[0]).toMatchObject({ param: 'sourceUrl', code: 'invalid_media' });
  });

  test('rejects a mediaType outside image, video, audio', async () => {
    const res = await transfer({
      sourceUrl: media.url('/photo.png'),
      mediaType: 'document',
      filename: 'x.pdf',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  test('refuses private addresses when they are not allowlisted', async () => {
    const strict = await createTestStack({ workers: false, config: { SAFE_FETCH_ALLOW_HOSTS: '' } });
    try {
      const res = await transfer(
        { sourceUrl: media.url('/photo.png'), mediaType: 'image', filename: 'x.png' },
        strict,
      );
      expect(res.status).toBe(400);
      expect(res.body.details[0].message).toMatch(/private address refused/);
      expect(
        (await strict.http.get('/v1/assets').set('x-api-key', strict.users.owner.key)).body.data,
      ).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});

/**
 * Issue 12 item 12: on the embedded default a completed output's URL is `http://127.0.0.1:3000/cdn/...`, and
 * transfer-asset refused it as a private address. URLs under the service's own CDN are copied in storage.
 */
describe('Atelier refuses its own outputs', () => {
  let stack: TestStack;
  let outputUrl: string;
  const transfer = (body: object, key = stack.users.owner.key) =>
    stack.http.post('/v1/publishing/transfer-asset').set('x-api-key', key).send(body);

  beforeAll(async () => {
    // The embedded default: its own public URL on loopback, nothing allowlisted.
    stack = await createTestStack({
      config: { PUBLIC_URL: 'http://127.0.0.1:3000', SAFE_FETCH_ALLOW_HOSTS: '' },
    });
    const started = await stack.http
      .post('/v1/generate/image')
      .set('x-api-key', stack.users.owner.key)
      .send({ prompt: 'a lighthouse at dusk' });
    const waited = await stack.http
      .get(`/v1/runs/${started.body.data.runId}/wait?timeout=60`)
      .set('x-api-key', stack.users.owner.key);
    expect(waited.body.data.status).toBe('completed');
    outputUrl = waited.body.data.outputs[0].value;
  });
  afterAll(() => stack.close());

  test("a completed output's URL is copied inside storage, byte for byte, and listed as a transfer", async () => {
    expect(outputUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/cdn\/runs\//);

    const res = await transfer({ sourceUrl: outputUrl, mediaType: 'image', filename: 'poster.png' });

    expect(res.status).toBe(200);
    const copy = new URL(res.body.data.url);
    expect(copy.pathname).toMatch(/^\/cdn\/transfers\/[0-9a-f-]+\/[0-9a-f-]+\/poster\.png$/);
    const original = await stack.http.get(new URL(outputUrl).pathname).buffer(true);
    const copied = await stack.http.get(copy.pathname).buffer(true);
    expect(copied.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(Buffer.from(copied.body), Buffer.from(original.body))).toBe(0);
    const assets = await stack.http.get('/v1/assets?type=image').set('x-api-key', stack.users.owner.key);
    expect(assets.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ runId: null, sourceUrl: outputUrl, cdnUrl: res.body.data.url }),
      ]),
    );
  });

  test("another workspace's output and an unknown key are refused alike, as a URL that answers 404", async () => {
    const unknown = outputUrl.replace(/\/[^/]+$/, '/missing.png');
    for (const [sourceUrl, key] of [
      [outputUrl, stack.users.outsider.key],
      [unknown, stack.users.owner.key],
    ]) {
      const res = await transfer({ sourceUrl, mediaType: 'image' }, key);
      expect(res.status).toBe(400);
      expect(res.body.details[0]).toEqual({
        param: 'sourceUrl',
        code: 'invalid_media',
        message: 'sourceUrl: unreachable (HTTP 404)',
      });
    }
    const outsiderAssets = await stack.http.get('/v1/assets').set('x-api-key', stack.users.outsider.key);
    expect(outsiderAssets.body.data).toEqual([]);
  });

  test('the media type is checked as for a download', async () => {
    const res = await transfer({ sourceUrl: outputUrl, mediaType: 'video' });
    expect(res.status).toBe(400);
    expect(res.body.details[0].message).toBe('sourceUrl: not a video (image/png)');
  });

  test('other URLs on loopback are still refused', async () => {
    const res = await transfer({ sourceUrl: 'http://127.0.0.1:3001/cdn/x.png', mediaType: 'image' });
    expect(res.status).toBe(400);
    expect(res.body.details[0].message).toMatch(/private address refused/);
  });
});
