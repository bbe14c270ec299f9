import type { S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { createTestApi, type TestApi } from '../../support/api';
import { publicBucket, startS3Server, TEST_S3_CREDENTIALS, type S3Server } from '../../support/s3-server';

const BUCKET = 'atelier-uploads';
/** catalog/apps/photo-to-video-clip.json: a url input `photo` that accepts images. */
const PHOTO_TO_VIDEO = 'ca0f9e11-c2a5-49e9-b35c-3b78dc2448a5';

/**
 * Uploads with STORAGE_DRIVER=s3: the URL is S3's own pre-signed PUT (SigV4, with Content-Type and
 * Content-Length among the signed headers, so the store refuses another type or size), the file goes
 * straight to the bucket, and the upload is completed when a run first names its cdnUrl. (moto does not
 * check signatures; that the signature covers type, size and expiry is read from the URL.)
 */
describe('uploads with STORAGE_DRIVER=s3', () => {
  let s3: S3Server;
  let client: S3Client;
  let api: TestApi;

  beforeAll(async () => {
    s3 = await startS3Server();
    client = await publicBucket(s3, BUCKET);
    api = await createTestApi({
      config: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    client?.destroy();
    await s3?.stop();
  });

  test('a pre-signed PUT of the declared type and size; the bucket URL is then an input of the workspace', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#335c67' } })
      .jpeg()
      .toBuffer();
    const res = await api.http
      .post('/v1/assets/upload-urls')
      .set('x-api-key', api.users.owner.key)
      .send({ files: [{ filename: 'tile.jpg', contentType: 'image/jpeg', sizeBytes: jpeg.length }] });
    expect(res.status).toBe(200);
    const [target] = res.body.data as {
      uploadUrl: string;
      headers: Record<string, string>;
      cdnUrl: string;
    }[];
    const url = new URL(target.uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(target.cdnUrl);
    expect(target.cdnUrl.startsWith(`${s3.endpoint}/${BUCKET}/uploads/`)).toBe(true);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const sandbox = (key: string) =>
      api.http
        .post(`/v1/apps/${PHOTO_TO_VIDEO}/runs`)
        .set('x-api-key', key)
        .send({ inputs: { photo: target.cdnUrl }, test: true });
    // Not in the bucket yet: refused.
    expect((await sandbox(api.users.owner.key)).status).toBe(400);

    const put = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: jpeg });
    expect(put.status).toBe(200);
    expect((await sandbox(api.users.owner.key)).status).toBe(200);
    const assets = await api.http.get('/v1/assets?type=image').set('x-api-key', api.users.owner.key);
    expect(assets.body.data).toContainEqual(
      expect.objectContaining({ cdnUrl: target.cdnUrl, status: 'completed', bytes: jpeg.length }),
    );
    const outsider = await sandbox(api.users.outsider.key);
    expect(outsider.status).toBe(400);
    expect(outsider.body.details).toEqual([expect.objectContaining({ code: 'invalid_media' })]);
  });
});
