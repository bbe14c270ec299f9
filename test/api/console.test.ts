import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApi, type TestApi } from '../support/api';

const INDEX = '<!doctype html><title>Atelier console</title><div id="root"></div>';

describe('GET /console (the built console, served by the API)', () => {
  let api: TestApi;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atelier-console-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, 'assets', 'index-3f2a.js'), 'console.log("console")');
    await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    api = await createTestApi({ deps: { consoleDir: dir } });
  });
  afterAll(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('/console redirects to /console/, which serves index.html without an API key, revalidated', async () => {
    const bare = await api.http.get('/console?x=1');
    const index = await api.http.get('/console/');

    expect([bare.status, bare.headers.location]).toEqual([302, '/console/?x=1']);
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.text).toBe(INDEX);
  });

  test('hashed assets are cached for a year; other files are revalidated and answer 304 when unchanged', async () => {
    const asset = await api.http.get('/console/assets/index-3f2a.js');
    const icon = await api.http.get('/console/favicon.svg');
    const again = await api.http.get('/console/favicon.svg').set('if-none-match', icon.headers.etag);

    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(again.status).toBe(304);
  });

  test('a route of the single-page app gets index.html; a missing file with an extension is 404', async () => {
    const route = await api.http.get('/console/runs/1b6f3c0e-0000-4000-8000-000000000000');
    const missing = await api.http.get('/console/assets/gone.js');

    expect([route.status, route.text]).toEqual([200, INDEX]);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
  });

  test('paths that climb out of the build are 404', async () => {
    for (const path of [
      '/console/..%2fpackage.json',
      '/console/%2e%2e/%2e%2e/package.json',
      '/console/%ZZ.js',
    ])
      expect((await api.http.get(path)).status).toBe(404);
  });

  test('a browser opening / is sent to the console; /v1 still needs a key', async () => {
    const root = await api.http.get('/').set('accept', 'text/html,application/xhtml+xml');

    expect([root.status, root.headers.location]).toEqual([302, '/console/']);
    expect((await api.http.get('/v1/apps')).status).toBe(401);
  });

  test('without a build the console answers 503 with how to build it', async () => {
    const unbuilt = await createTestApi({ deps: { consoleDir: join(dir, 'nothing-here') } });
    try {
      const res = await unbuilt.http.get('/console/');
      expect(res.status).toBe(503);
      expect(res.text).toMatch(/npm run setup/);
    } finally {
      await unbuilt.close();
    }
  });
});
