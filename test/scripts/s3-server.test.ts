import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startS3Server, TEST_S3_CREDENTIALS, TEST_S3_REGION, type S3Server } from '../support/s3-server';

/** The S3-protocol server `scripts/setup.sh --test` installs, started the way the S3 tests start it. */
describe('the S3-protocol test server (moto)', () => {
  let server: S3Server;
  let s3: S3Client;

  beforeAll(async () => {
    server = await startS3Server();
    s3 = new S3Client({
      endpoint: server.endpoint,
      region: TEST_S3_REGION,
      forcePathStyle: true,
      credentials: TEST_S3_CREDENTIALS,
    });
  });

  afterAll(async () => {
    s3.destroy();
    await server.stop();
  });

  it('listens on the port the OS gave it, so no other process can take that port first', () => {
    expect(server.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  });

  it('stores and returns an object through @aws-sdk/client-s3', async () => {
    await server.createBucket('atelier');
    await s3.send(
      new PutObjectCommand({ Bucket: 'atelier', Key: 'a/b.txt', Body: 'hello', ContentType: 'text/plain' }),
    );

    const object = await s3.send(new GetObjectCommand({ Bucket: 'atelier', Key: 'a/b.txt' }));

    expect(object.ContentType).toBe('text/plain');
    expect(await object.Body?.transformToString()).toBe('hello');
  });
});
