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
