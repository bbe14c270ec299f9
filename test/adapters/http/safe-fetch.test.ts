import dns from 'node:dns';
import type { ServerResponse } from 'node:http';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../../../adapters/http/safe-fetch';
import { startServer, type LocalServer } from './local-server';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let server: LocalServer;
let other: LocalServer;
let options: SafeFetchOptions;

const png = (_req: unknown, res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);

beforeAll(async () => {
  other = await startServer({ '/png': png });
  server = await startServer({
    '/png': png,
    '/html': (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html></html>'),
    '/echo': (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.writeHead(200).end(`${req.method} ${Buffer.concat(chunks).toString()}`));
    },
    '/to-png': (_req, res) => res.writeHead(302, { location: '/png' }).end(),
    '/to-echo-303': (_req, res) => res.writeHead(303, { location: '/echo' }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/to-other': (_req, res) => res.writeHead(302, { location: other.url('/png') }).end(),
    '/to-metadata': (_req, res) =>
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-ipv6': (_req, res) => res.writeHead(301, { location: `http://[::1]:${server.port}/png` }).end(),
    '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    '/server-error': (_req, res) => res.writeHead(503).end('busy'),
    '/declared-large': (_req, res) =>
      res.writeHead(200, { 'content-length': '1000000' }).end(Buffer.alloc(1_000_000)),
    '/endless': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      const timer = setInterval(() => res.write(Buffer.alloc(64 * 1024)), 5);
      res.on('close', () => clearInterval(timer));
    },
    '/silent': () => undefined,
    '/slow-body': (_req, res) => {
      res.writeHead(200).write('first bytes');
      const timer = setTimeout(() => res.end(), 10_000);
      res.on('close', () => clearTimeout(timer));
    },
  });
  options = { timeoutMs: 5000, maxBytes: 100_000, allowHosts: [`127.0.0.1:${server.port}`] };
});

afterAll(async () => {
  await server.close();
  await other.close();
});

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  return err as SafeFetchError;
}

describe('safeFetch', () => {
  test('fetches from an allowlisted host and port', async () => {
    const res = await safeFetch(server.url('/png'), { ...options, expect: ['image'] });

    expect(res).toMatchObject({ status: 200, url: server.url('/png'), body: PNG });
    expect(res.headers['content-type']).toBe('image/png');
  });

  test('accepts an allowlisted address or CIDR as well as host:port', async () => {
    for (const allowHosts of [['127.0.0.1'], ['127.0.0.0/8'], [`127.0.0.1:${server.port}`]]) {
      const res = await safeFetch(server.url('/png'), { ...options, allowHosts });
      expect(res.status).toBe(200);
    }
  });

  test('refuses loopback when it is not allowlisted', async () => {
    const err = await failure(safeFetch(server.url('/png'), { ...options, allowHosts: [] }));

    expect(err).toMatchObject({
      code: 'blocked_address',
      message: 'private address refused',
      name: 'SafeFetchError',
    });
    expect(err.retryable).toBe(false);
  });

  test('refuses the same host on a port that is not allowlisted', async () => {
    const err = await failure(safeFetch(other.url('/png'), options));

    expect(err.code).toBe('blocked_address');
  });

  test.each([
    ['IPv6 loopback', 'http://[::1]:PORT/png'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]:PORT/png'],
    ['hex and short IPv4 forms', 'http://0x7f.1:PORT/png'],
    ['a decimal IPv4 form', 'http://2130706433:PORT/png'],
    ['an octal IPv4 form', 'http://0177.0.0.1:PORT/png'],
    ['a private network', 'http://10.0.0.1/'],
    ['cloud metadata (link-local)', 'http://169.254.169.254/latest/meta-data/'],
    ['CGNAT space', 'http://100.64.0.1/'],
    ['the unspecified address', 'http://0.0.0.0:PORT/png'],
    ['a name that resolves to loopback', 'http://localhost:PORT/png'],
  ])('refuses %s', async (_name, url) => {
    const err = await failure(
      safeFetch(url.replace('PORT', String(server.port)), { ...options, allowHosts: ['192.0.2.1'] }),
    );

    expect(err.code).toBe('blocked_address');
  });

  test.each([
    ['file://', 'file:///etc/passwd'],
    ['ftp://', 'ftp://example.com/x'],
    ['credentials in the URL', 'http://user:secret@127.0.0.1/'],
    ['a malformed URL', 'http://'],
  ])('refuses %s as an invalid URL', async (_name, url) => {
    const err = await failure(safeFetch(url, options));

    expect(err.code).toBe('invalid_url');
  });

  test('follows redirects and reports the final URL', async () => {
    const res = await safeFetch(server.url('/to-png'), options);

    expect(res).toMatchObject({ status: 200, url: server.url('/png'), body: PNG });
  });

  test('turns a POST into a body-less GET on 303', async () => {
    const res = await safeFetch(server.url('/to-echo-303'), { ...options, method: 'POST', body: 'payload' });

    expect(res.body.toString()).toBe('GET ');
  });

  test('returns the redirect itself when redirects are turned off', async () => {
    const res = await safeFetch(server.url('/to-png'), { ...options, maxRedirects: 0 });

    expect(res.status).toBe(302);
  });

  test('stops after five redirects', async () => {
    const before = server.seen.length;
    const err = await failure(safeFetch(server.url('/loop'), options));

    expect(err).toMatchObject({ code: 'http_error', message: 'too many redirects' });
    expect(server.seen.length - before).toBe(6);
  });

  test.each([
    ['a host:port that is not allowlisted', '/to-other'],
    ['cloud metadata', '/to-metadata'],
    ['IPv6 loopback', '/to-ipv6'],
  ])('checks every redirect hop again: refuses a redirect to %s', async (_name, path) => {
    const err = await failure(safeFetch(server.url(path), options));

    expect(err.code).toBe('blocked_address');
    expect(other.seen).toEqual([]);
  });

  test('refuses a redirect to file://', async () => {
    const err = await failure(safeFetch(server.url('/to-file'), options));

    expect(err.code).toBe('invalid_url');
  });

  test('returns an error status rather than throwing', async () => {
    const res = await safeFetch(server.url('/server-error'), options);

    expect(res).toMatchObject({ status: 503, body: Buffer.from('busy') });
  });

  test('refuses a body whose Content-Length is over the limit', async () => {
    const err = await failure(safeFetch(server.url('/declared-large'), { ...options, maxBytes: 1000 }));

    expect(err).toMatchObject({ code: 'too_large' });
  });

  test('aborts a streamed body as soon as it passes the limit', async () => {
    const err = await failure(safeFetch(server.url('/endless'), { ...options, maxBytes: 500_000 }));

    expect(err.code).toBe('too_large');
  });

  test('times out when the server never answers', async () => {
    const err = await failure(safeFetch(server.url('/silent'), { ...options, timeoutMs: 300 }));

    expect(err).toMatchObject({ code: 'timeout' });
    expect(err.retryable).toBe(true);
  });

  test('times out when the body stalls, since the limit covers the whole exchange', async () => {
    const err = await failure(safeFetch(server.url('/slow-body'), { ...options, timeoutMs: 300 }));

    expect(err.code).toBe('timeout');
  });

  test('refuses a content type outside the expected media kinds', async () => {
    const err = await failure(safeFetch(server.url('/html'), { ...options, expect: ['image'] }));

    expect(err).toMatchObject({ code: 'bad_content_type', message: 'not an image (text/html)' });
  });

  test('reports a closed port as a retryable network error', async () => {
    const port = other.port;
    await other.close();
    const err = await failure(
      safeFetch(`http://127.0.0.1:${port}/`, { ...options, allowHosts: ['127.0.0.1'] }),
    );
    other = await startServer({ '/png': png });

    expect(err).toMatchObject({ code: 'network', message: 'unreachable' });
    expect(err.retryable).toBe(true);
  });

  test('connects to the address it checked, not to a second DNS answer (no rebinding gap)', async () => {
    const answers = ['127.0.0.1', '10.0.0.1'];
    const spy = jest.spyOn(dns, 'lookup').mockImplementation(((
      _host: string,
      _opts: unknown,
      callback: (...args: unknown[]) => void,
    ) => {
      callback(null, [{ address: answers.shift() ?? '10.0.0.1', family: 4 }]);
    }) as unknown as typeof dns.lookup);
    try {
      const res = await safeFetch(`http://rebind.example:${server.port}/png`, {
        ...options,
        allowHosts: ['127.0.0.1'],
      });

      expect(res.status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('SafeFetchError', () => {
  test('is retryable for timeouts, network errors, 429 and 5xx only', () => {
    const retryable = (code: SafeFetchError['code'], status?: number) =>
      new SafeFetchError(code, 'x', { status }).retryable;

    expect([
      retryable('timeout'),
      retryable('network'),
      retryable('http_error', 503),
      retryable('http_error', 429),
    ]).toEqual([true, true, true, true]);
    expect([
      retryable('http_error', 404),
      retryable('blocked_address'),
      retryable('too_large'),
      retryable('invalid_url'),
    ]).toEqual([false, false, false, false]);
  });
});
