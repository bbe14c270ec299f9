import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CreateBucketCommand, PutBucketPolicyCommand, S3Client } from '@aws-sdk/client-s3';
import { guardChild } from '../../scripts/child-guard';

export const S3_TOOLS_DIR = path.resolve(__dirname, '../../.tools/s3');

/** moto accepts any credentials; these only have to be present for request signing. */
export const TEST_S3_CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' } as const;
export const TEST_S3_REGION = 'us-east-1';

export interface S3Server {
  endpoint: string;
  /** Creates a bucket (idempotent for a fresh name) and returns its name. */
  createBucket(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** werkzeug's line once the socket is bound, with the port the OS gave for `-p 0`. */
const LISTENING = /Running on http:\/\/127\.0\.0\.1:(\d+)/;

/**
 * Starts a moto S3 server (installed under .tools/s3 by `npm run setup -- --test`) and waits until it
 * answers. It binds port 0 and reports the port the OS gave it: a port chosen beforehand can be taken by
 * another process before the bind (issue 12 item 15). Each test file starts its own and stops it in afterAll.
 */
export async function startS3Server(options: { startupTimeoutMs?: number } = {}): Promise<S3Server> {
  if (!existsSync(path.join(S3_TOOLS_DIR, 'moto'))) {
    throw new Error(`moto is not installed in ${S3_TOOLS_DIR}; run: npm run setup -- --test`);
  }
  const child = spawn('python3', ['-m', 'moto.server', '-H', '127.0.0.1', '-p', '0'], {
    env: { ...process.env, PYTHONPATH: S3_TOOLS_DIR },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  guardChild(child);
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const hasExited = () => child.exitCode !== null;
  let endpoint = '';
  try {
    const deadline = Date.now() + (options.startupTimeoutMs ?? 20_000);
    const port = await reportedPort(() => stderr.join(''), deadline, hasExited);
    endpoint = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(endpoint, deadline, hasExited);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${stderr.join('').slice(-2000)}`);
  }

  const client = new S3Client({
    endpoint,
    region: TEST_S3_REGION,
    forcePathStyle: true,
    credentials: TEST_S3_CREDENTIALS,
  });
  return {
    endpoint,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async stop() {
      client.destroy();
      await stop();
    },
  };
}

async function reportedPort(
  output: () => string,
  deadline: number,
  hasExited: () => boolean,
): Promise<number> {
  while (Date.now() < deadline) {
    const port = LISTENING.exec(output())?.[1];
    if (port) return Number(port);
    if (hasExited()) throw new Error('moto server exited during startup');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('moto server did not say which port it listens on');
}

async function waitUntilAnswering(
  endpoint: string,
  deadline: number,
  hasExited: () => boolean,
): Promise<void> {
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('moto server exited during startup');
    try {
      await fetch(`${endpoint}/moto-api/`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  throw new Error(`moto server did not answer at ${endpoint} in time`);
}

/**
 * A bucket on the server whose objects anyone may read (the bucket is the CDN, as docker-compose's
 * minio-setup makes it), and a client for it.
 */
export async function publicBucket(s3: S3Server, bucket: string): Promise<S3Client> {
  await s3.createBucket(bucket);
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: TEST_S3_REGION,
    forcePathStyle: true,
    credentials: TEST_S3_CREDENTIALS,
  });
  const policy = {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/*`] },
    ],
  };
  await client.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify(policy) }));
  return client;
}
