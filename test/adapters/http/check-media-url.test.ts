import { checkMediaUrl } from '../../../adapters/http/safe-fetch';
import { IMAGE_FETCH_LIMIT_BYTES } from '../../../core/limits';
import { startServer, type LocalServer } from './local-server';

let server: LocalServer;
let allowHosts: string[];

beforeAll(async () => {
  server = await startServer({
    '/photo.jpg': (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '2048' }).end(),
    // Like an S3 presigned GET URL: HEAD is refused, a ranged GET answers 206 with the total size.
    '/get-only.png': (req, res) => {
      if (req.method === 'HEAD') return res.writeHead(403).end();
      res.writeHead(206, { 'content-type': 'image/png', 'content-range': 'bytes 0-0/4096' }).end('x');
    },
    '/huge.png': (_req, res) =>
      res
        .writeHead(200, {
          'content-type': 'image/png',
          'content-length': String(IMAGE_FETCH_LIMIT_BYTES + 1),
        })
        .end(),
    '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(),
    '/gone': (_req, res) => res.writeHead(404).end(),
    '/logo.svg': (_req, res) => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(),
  });
  allowHosts = [`127.0.0.1:${server.port}`];
});

afterAll(() => server.close());

describe('checkMediaUrl', () => {
  test('accepts a reachable image and reports its type and size from HEAD', async () => {
    const check = await checkMediaUrl(server.url('/photo.jpg'), { accept: ['image'], allowHosts });

    expect(check).toEqual({ ok: true, mimeType: 'image/jpeg', bytes: 2048 });
    expect(server.seen).toContain('HEAD /photo.jpg');
  });

  test('falls back to a one-byte ranged GET when HEAD is refused', async () => {
    const check = await checkMediaUrl(server.url('/get-only.png'), { accept: ['image'], allowHosts });

    expect(check).toEqual({ ok: true, mimeType: 'image/png', bytes: 4096 });
    expect(server.seen).toEqual(expect.arrayContaining(['HEAD /get-only.png', 'GET /get-only.png']));
  });

  test.each([
    ['a page', '/page', ['image'], 'not an image (text/html)'],
    ['an image over the 50 MiB limit', '/huge.png', ['image'], 'too large'],
    ['a missing file', '/gone', ['video'], 'unreachable (HTTP 404)'],
    [
      'an SVG, which can carry script (stored XSS through /cdn)',
      '/logo.svg',
      ['image'],
      'image/svg+xml is not an accepted image type (image/png, image/jpeg, image/webp, image/gif)',
    ],
  ] as const)('refuses %s with a human reason', async (_name, path, accept, reason) => {
    const check = await checkMediaUrl(server.url(path), { accept: [...accept], allowHosts });

    expect(check).toEqual({ ok: false, reason });
  });

  test('refuses a private address', async () => {
    const check = await checkMediaUrl(server.url('/photo.jpg'), { accept: ['image'], allowHosts: [] });

    expect(check).toEqual({ ok: false, reason: 'private address refused' });
  });

  test('reports a host that does not answer as unreachable', async () => {
    const closed = await startServer({});
    await closed.close();

    const check = await checkMediaUrl(closed.url('/x.png'), { accept: ['image'], allowHosts: ['127.0.0.1'] });

    expect(check).toEqual({ ok: false, reason: 'unreachable' });
  });
});
