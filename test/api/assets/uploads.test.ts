import sharp from 'sharp';
import { createTestApi, type TestApi, type TestUser } from '../../support/api';

/** catalog/apps/photo-to-video-clip.json: a url input `photo` that accepts images. */
const PHOTO_TO_VIDEO = 'ca0f9e11-c2a5-49e9-b35c-3b78dc2448a5';

describe('uploads: POST /v1/assets/upload-urls and the signed PUT', () => {
  let api: TestApi;
  let owner: TestUser, outsider: TestUser;
  let jpeg: Buffer;

  beforeAll(async () => {
    api = await createTestApi();
    ({ owner, outsider } = api.users);
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8553d' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => api.close());

  const ask = (user: TestUser, files: object[]) =>
    api.http.post('/v1/assets/upload-urls').set('x-api-key', user.key).send({ files });
  const put = (uploadUrl: string, body: Buffer, contentType: string) => {
    const url = new URL(uploadUrl);
    return api.http.put(`${url.pathname}${url.search}`).set('content-type', contentType).send(body);
  };
  const sandboxRun = (user: TestUser, photo: string) =>
    api.http
      .post(`/v1/apps/${PHOTO_TO_VIDEO}/runs`)
      .set('x-api-key', user.key)
      .send({ inputs: { photo }, test: true });
  const uploadJpeg = async (user: TestUser) => {
    const res = await ask(user, [
      { filename: 'my photo.jpg', contentType: 'image/jpeg', sizeBytes: jpeg.length },
    ]);
    expect(res.status).toBe(200);
    const target = res.body.data[0];
    expect((await put(target.uploadUrl, jpeg, 'image/jpeg')).status).toBe(200);
    return target as { assetId: string; cdnUrl: string; uploadUrl: string };
  };

  test('an upload URL per file; the PUT file is an asset whose cdnUrl serves it and is an app input', async () => {
    const res = await ask(owner, [
      { filename: 'my photo.jpg', contentType: 'image/jpeg', sizeBytes: jpeg.length },
      { filename: 'voice.mp3', contentType: 'audio/mpeg', sizeBytes: 2048 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        assetId: expect.any(String),
        filename: 'my-photo.jpg',
        uploadUrl: expect.stringMatching(/\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/),
        method: 'PUT',
        headers: { 'Content-Type': 'image/jpeg' },
        maxBytes: jpeg.length,
        expiresAt: expect.any(String),
        cdnUrl: expect.stringMatching(/\/cdn\/uploads\/.+\/my-photo\.jpg$/),
      },
      expect.objectContaining({ headers: { 'Content-Type': 'audio/mpeg' }, filename: 'voice.mp3' }),
    ]);
    const [target] = res.body.data;
    expect(Date.parse(target.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);

    // Not uploaded yet: not an input, not listed.
    expect((await sandboxRun(owner, target.cdnUrl)).status).toBe(400);
    const uploaded = await put(target.uploadUrl, jpeg, 'image/jpeg');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data).toEqual({
      assetId: target.assetId,
      cdnUrl: target.cdnUrl,
      bytes: jpeg.length,
      mimeType: 'image/jpeg',
    });
    const served = await api.http.get(new URL(target.cdnUrl).pathname);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body as Buffer, jpeg)).toBe(0);

    const assets = await api.http.get('/v1/assets?type=image').set('x-api-key', owner.key);
    expect(assets.body.data).toContainEqual(
      expect.objectContaining({
        id: target.assetId,
        cdnUrl: target.cdnUrl,
        status: 'completed',
        runId: null,
      }),
    );
    // The service's own loopback URL is read from storage, not refused as a private address.
    const run = await sandboxRun(owner, target.cdnUrl);
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ status: 'test', validatedInputs: { photo: target.cdnUrl } });
    // A URL is for one file.
    expect((await put(target.uploadUrl, jpeg, 'image/jpeg')).status).toBe(400);
  });

  test("another workspace's upload is not an input of yours", async () => {
    const target = await uploadJpeg(owner);
    const res = await sandboxRun(outsider, target.cdnUrl);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        expect.objectContaining({
          param: 'Photo',
          code: 'invalid_media',
          message: 'Photo: not a file of this workspace, or not uploaded yet',
        }),
      ],
    });
  });

  test('bad requests answer the error envelope: wrong type, too large, no files, unknown fields', async () => {
    const res = await ask(owner, [
      { filename: 'page.html', contentType: 'text/html', sizeBytes: 10 },
      { filename: 'huge.png', contentType: 'image/png', sizeBytes: 51 * 1024 * 1024 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', retryable: false });
    expect(res.body.details).toEqual([
      expect.objectContaining({ param: 'files[0].contentType', code: 'unsupported_type' }),
      expect.objectContaining({ param: 'files[1].sizeBytes', code: 'too_large' }),
    ]);
    expect((await ask(owner, [])).status).toBe(400);
    const noKey = await api.http.post('/v1/assets/upload-urls').send({ files: [] });
    expect(noKey.status).toBe(401);
    const unknown = await api.http
      .post('/v1/assets/upload-urls')
      .set('x-api-key', owner.key)
      .send({ files: [{ filename: 'a.jpg', contentType: 'image/jpeg', sizeBytes: 10, public: true }] });
    expect(unknown.status).toBe(400);
  });

  test('the PUT checks signature, expiry, type and size', async () => {
    const res = await ask(owner, [{ filename: 'a.jpg', contentType: 'image/jpeg', sizeBytes: jpeg.length }]);
    const { uploadUrl } = res.body.data[0] as { uploadUrl: string };

    const forged = uploadUrl.replace(/signature=[\w-]+/, 'signature=AAAA');
    const wrongSignature = await put(forged, jpeg, 'image/jpeg');
    expect(wrongSignature.status).toBe(403);
    expect(wrongSignature.body).toMatchObject({ code: 'FORBIDDEN', requestId: expect.any(String) });
    // A later expiry is another signature: the expiry cannot be stretched.
    const stretched = uploadUrl.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`);
    expect((await put(stretched, jpeg, 'image/jpeg')).status).toBe(403);

    const wrongType = await put(uploadUrl, jpeg, 'image/png');
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details).toEqual([expect.objectContaining({ code: 'wrong_type' })]);

    const tooLarge = await put(uploadUrl, Buffer.concat([jpeg, Buffer.alloc(10)]), 'image/jpeg');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ code: 'too_large' })],
    });

    expect((await put(uploadUrl, jpeg, 'image/jpeg')).status).toBe(200);
  });

  test('an expired URL is refused', async () => {
    const res = await ask(owner, [{ filename: 'a.jpg', contentType: 'image/jpeg', sizeBytes: jpeg.length }]);
    const { uploadUrl } = res.body.data[0] as { uploadUrl: string };
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now + 16 * 60_000);
    try {
      const expired = await put(uploadUrl, jpeg, 'image/jpeg');
      expect(expired.status).toBe(403);
      expect(expired.body.error).toMatch(/^The upload URL expired at /);
    } finally {
      spy.mockRestore();
    }
  });
});
