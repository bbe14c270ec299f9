import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from '../../scripts/free-port';
import { REPO_ROOT } from '../../scripts/temporal-cli';

/** The S3-protocol server `scripts/setup.sh --test` installs, run the way the S3 tests run it. */
async function startMoto(port: number): Promise<ChildProcess> {
  const child = spawn('python3', ['-m', 'moto.server', '-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, PYTHONPATH: path.join(REPO_ROOT, '.tools', 's3') },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`moto.server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error('moto.server did not answer within 20 s');
}

describe('the S3-protocol test server (moto)', () => {
  let server: ChildProcess;
  let s3: S3Client;

  beforeAll(async () => {
    const port = await freePort();
    server = await startMoto(port);
    s3 = new S3Client({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
  });

  afterAll(async () => {
    s3.destroy();
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  it('stores and returns an object through @aws-sdk/client-s3', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'atelier' }));
    await s3.send(
      new PutObjectCommand({ Bucket: 'atelier', Key: 'a/b.txt', Body: 'hello', ContentType: 'text/plain' }),
    );

    const object = await s3.send(new GetObjectCommand({ Bucket: 'atelier', Key: 'a/b.txt' }));

    expect(object.ContentType).toBe('text/plain');
    expect(await object.Body?.transformToString()).toBe('hello');
  });
});
