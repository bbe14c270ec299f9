import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import request from 'supertest';
import { cdn } from '../../api/cdn';
import { createFsStorage } from '../../adapters/storage/fs-storage';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';

describe('cdn', () => {
  let root: string;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'atelier-cdn-'));
    const storage = createFsStorage({ root, publicBaseUrl: 'http://localhost:3000' });
    await storage.putBuffer('runs/r1/card.png', PNG, 'image/png');
    // Stored before SVG was refused at intake, or under a key that says .svg: it must still never run.
    await storage.putBuffer('transfers/w1/a1/logo.svg', Buffer.from(SVG), 'image/svg+xml');
    await storage.putBuffer('transfers/w1/a2/page.html', Buffer.from('<script>1</script>'), 'text/html');
    http = request(new Koa().use(cdn({ storage })).callback());
  });

  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  const securityHeaders = {
    'x-content-type-options': 'nosniff',
    'content-security-policy': expect.stringMatching(/default-src 'none';.*\bsandbox\b/),
  };

  test('serves an image inline with nosniff and a sandboxing CSP', async () => {
    const res = await http.get('/cdn/runs/r1/card.png');

    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/png', ...securityHeaders });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).toEqual(PNG);
  });

  test('sends a stored SVG with a script as an attachment, sandboxed (stored XSS through /cdn)', async () => {
    const res = await http.get('/cdn/transfers/w1/a1/logo.svg');

    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-disposition': 'attachment; filename="logo.svg"',
      ...securityHeaders,
    });
  });

  test('sends any type outside the documented media types as an attachment', async () => {
    const res = await http.get('/cdn/transfers/w1/a2/page.html');

    expect(res.headers).toMatchObject({
      'content-disposition': 'attachment; filename="page.html"',
      ...securityHeaders,
    });
  });

  test('keeps the security headers on ranges, HEAD and misses', async () => {
    const ranged = await http.get('/cdn/runs/r1/card.png').set('Range', 'bytes=0-3');
    const head = await http.head('/cdn/transfers/w1/a1/logo.svg');
    const missing = await http.get('/cdn/runs/r1/none.png');

    expect([ranged.status, head.status, missing.status]).toEqual([206, 200, 404]);
    for (const res of [ranged, head, missing]) expect(res.headers).toMatchObject(securityHeaders);
    expect(head.headers['content-disposition']).toBe('attachment; filename="logo.svg"');
  });

  test.each(['/cdn/%ZZ', '/cdn/runs/%E0%A4%A', '/cdn/%'])(
    'answers 404 to a malformed percent-encoding (%s), not a 500',
    async (url) => {
      const res = await http.get(url);

      expect(res.status).toBe(404);
      expect(res.headers).toMatchObject(securityHeaders);
    },
  );

  test('answers 404 to a key that climbs out of storage', async () => {
    const res = await http.get('/cdn/..%2F..%2Fetc%2Fpasswd');

    expect(res.status).toBe(404);
  });
});
