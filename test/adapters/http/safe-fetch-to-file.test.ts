import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeFetchToFile, SafeFetchError } from '../../../adapters/http/safe-fetch';
import { startServer, type LocalServer } from './local-server';

const VIDEO = Buffer.alloc(300_000, 7);

let server: LocalServer;
let dir: string;
let allowHosts: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'safe-fetch-'));
  server = await startServer({
    '/clip.mp4': (_req, res) => res.writeHead(200, { 'content-type': 'video/mp4' }).end(VIDEO),
    '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
    '/missing': (_req, res) => res.writeHead(404).end(),
    '/xss.svg': (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'),
    '/to-clip': (_req, res) => res.writeHead(302, { location: '/clip.mp4' }).end(),
  });
  allowHosts = [`127.0.0.1:${server.port}`];
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  return err as SafeFetchError;
}

describe('safeFetchToFile', () => {
  test('streams the body to the file and reports its size, type and sha256', async () => {
    const path = join(dir, 'clip.mp4');

    const fetched = await safeFetchToFile(server.url('/to-clip'), path, {
      timeoutMs: 5000,
      allowHosts,
      expect: ['video'],
    });

    expect(fetched).toEqual({
      bytes: VIDEO.length,
      mimeType: 'video/mp4',
      sha256: createHash('sha256').update(VIDEO).digest('hex'),
    });
    expect(await readFile(path)).toEqual(VIDEO);
  });

  test('leaves no file behind when the body passes the limit', async () => {
    const path = join(dir, 'too-large.mp4');

    const err = await failure(
      safeFetchToFile(server.url('/clip.mp4'), path, { timeoutMs: 5000, allowHosts, maxBytes: 1000 }),
    );

    expect(err.code).toBe('too_large');
    expect(existsSync(path)).toBe(false);
  });

  test('refuses a response that is not the expected media kind', async () => {
    const err = await failure(
      safeFetchToFile(server.url('/page'), join(dir, 'page'), {
        timeoutMs: 5000,
        allowHosts,
        expect: ['video', 'audio'],
      }),
    );

    expect(err).toMatchObject({
      code: 'bad_content_type',
      message: 'not a video or an audio file (text/html)',
    });
  });

  test('refuses an SVG with a script as an image and writes nothing (stored XSS through /cdn)', async () => {
    const path = join(dir, 'xss.svg');

    const err = await failure(
      safeFetchToFile(server.url('/xss.svg'), path, { timeoutMs: 5000, allowHosts, expect: ['image'] }),
    );

    expect(err).toMatchObject({
      code: 'bad_content_type',
      message: expect.stringMatching(/^image\/svg\+xml is not/),
    });
    expect(existsSync(path)).toBe(false);
  });

  test('fails with http_error on a non-2xx status', async () => {
    const err = await failure(
      safeFetchToFile(server.url('/missing'), join(dir, 'missing'), { timeoutMs: 5000, allowHosts }),
    );

    expect(err).toMatchObject({ code: 'http_error', status: 404, message: 'unreachable (HTTP 404)' });
    expect(err.retryable).toBe(false);
  });

  test('refuses a private address before writing anything', async () => {
    const path = join(dir, 'private');

    const err = await failure(
      safeFetchToFile(server.url('/clip.mp4'), path, { timeoutMs: 5000, allowHosts: [] }),
    );

    expect(err.code).toBe('blocked_address');
    expect(existsSync(path)).toBe(false);
  });
});
