import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client, createS3Storage, publicUrlBuilder } from '../../../adapters/storage/s3-storage';
import type { Storage } from '../../../adapters/storage/storage';
import { startS3Server, TEST_S3_CREDENTIALS, TEST_S3_REGION, type S3Server } from '../../support/s3-server';
import { readAll } from './read-all';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('createS3Storage against an S3-protocol server', () => {
  let server: S3Server;
  let storage: Storage;
  let workDir: string;

  beforeAll(async () => {
    server = await startS3Server();
    const bucket = await server.createBucket('atelier-test');
    storage = createS3Storage({
      endpoint: server.endpoint,
      region: TEST_S3_REGION,
      bucket,
      forcePathStyle: true,
      ...TEST_S3_CREDENTIALS,
    });
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atelier-s3-storage-'));
  });

  afterAll(async () => {
    await server?.stop();
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  test('putBuffer then read returns the same bytes, with size, sha256 and a path-style URL', async () => {
    const body = Buffer.from('hello from s3');

    const stored = await storage.putBuffer('runs/r1/n1/r1/hello.txt', body, 'text/plain');

    expect(stored).toEqual({
      key: 'runs/r1/n1/r1/hello.txt',
      url: `${server.endpoint}/atelier-test/runs/r1/n1/r1/hello.txt`,
      mimeType: 'text/plain',
      bytes: body.length,
      sha256: sha256(body),
    });
    expect(await readAll(await storage.read(stored.key))).toEqual(body);
  });

  test('read with a range returns exactly the inclusive bytes asked for', async () => {
    await storage.putBuffer('a/digits.txt', Buffer.from('0123456789'), 'text/plain');

    expect((await readAll(await storage.read('a/digits.txt', { start: 3, end: 6 }))).toString()).toBe('3456');
    expect((await readAll(await storage.read('a/digits.txt', { start: 7, end: 99 }))).toString()).toBe('789');
  });

  test('stat reports size and content type, or null for a missing key', async () => {
    await storage.putBuffer('a/pixel.png', Buffer.from([1, 2, 3, 4]), 'image/png');

    expect(await storage.stat('a/pixel.png')).toEqual({
      bytes: 4,
      mimeType: 'image/png',
      lastModified: expect.any(Date),
    });
    expect(await storage.stat('a/missing.png')).toBeNull();
  });

  test('putFile uploads a 12 MB file in parts and it reads back intact', async () => {
    const source = path.join(workDir, 'large.bin');
    const body = randomBytes(12 * 1024 * 1024);
    await fs.writeFile(source, body);

    const stored = await storage.putFile('media/large.bin', source, 'application/octet-stream');

    expect(stored.bytes).toBe(body.length);
    expect(stored.sha256).toBe(sha256(body));
    expect((await storage.stat('media/large.bin'))?.bytes).toBe(body.length);
    // A multipart object's ETag ends with "-<number of parts>".
    const client = createS3Client({
      endpoint: server.endpoint,
      region: TEST_S3_REGION,
      bucket: 'atelier-test',
      forcePathStyle: true,
      ...TEST_S3_CREDENTIALS,
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: 'atelier-test', Key: 'media/large.bin' }));
    client.destroy();
    expect(head.ETag).toMatch(/-2"?$/);
    const target = path.join(workDir, 'out', 'large.bin');
    await storage.downloadToFile('media/large.bin', target);
    expect(sha256(await fs.readFile(target))).toBe(stored.sha256);
  });

  test('delete removes the object; reading it then is NOT_FOUND', async () => {
    await storage.putBuffer('a/gone.txt', Buffer.from('bye'), 'text/plain');

    await storage.delete('a/gone.txt');

    expect(await storage.stat('a/gone.txt')).toBeNull();
    await expect(storage.read('a/gone.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('keyOf reads the key back from its public URL; copy duplicates an object inside the bucket', async () => {
    const body = Buffer.from('an output in the bucket');
    const stored = await storage.putBuffer('runs/r1/image.png', body, 'image/png');
    expect(storage.keyOf(stored.url)).toBe('runs/r1/image.png');
    expect(storage.keyOf(`${server.endpoint}/another-bucket/runs/r1/image.png`)).toBeNull();

    const copied = await storage.copy('runs/r1/image.png', 'transfers/w1/t1/image.png');

    expect(copied).toEqual({
      key: 'transfers/w1/t1/image.png',
      url: `${server.endpoint}/atelier-test/transfers/w1/t1/image.png`,
      mimeType: 'image/png',
      bytes: body.length,
    });
    expect(await readAll(await storage.read(copied.key))).toEqual(body);
    await expect(storage.copy('runs/r1/missing.png', 'transfers/x.png')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  test('rejects unsafe keys before any request', async () => {
    await expect(storage.putBuffer('../x.txt', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('publicUrlBuilder', () => {
  const base = { bucket: 'media', region: 'eu-west-1', forcePathStyle: false };

  test('a public base URL wins over the endpoint', () => {
    const url = publicUrlBuilder({
      ...base,
      endpoint: 'http://minio:9000',
      publicBaseUrl: 'https://cdn.example.com/',
    });
    expect(url('a/b.png')).toBe('https://cdn.example.com/a/b.png');
  });

  test('an endpoint in path style puts the bucket in the path', () => {
    expect(
      publicUrlBuilder({ ...base, endpoint: 'http://localhost:9000', forcePathStyle: true })('a/b.png'),
    ).toBe('http://localhost:9000/media/a/b.png');
  });

  test('an endpoint in virtual-host style puts the bucket in the host', () => {
    expect(publicUrlBuilder({ ...base, endpoint: 'https://acct.r2.cloudflarestorage.com' })('a/b.png')).toBe(
      'https://media.acct.r2.cloudflarestorage.com/a/b.png',
    );
  });

  test('without an endpoint the URL is the AWS one', () => {
    expect(publicUrlBuilder(base)('a/b.png')).toBe('https://media.s3.eu-west-1.amazonaws.com/a/b.png');
  });
});
