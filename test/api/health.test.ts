import Koa from 'koa';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import request from 'supertest';
import { ErrorEnvelope } from '../../core/responses/errors';
import { createRunEngine } from '../../adapters/temporal/run-engine';
import type { Database } from '../../adapters/db/schema';
import { createApp } from '../../api/app';
import { healthRoutes } from '../../api/health';
import { freePort } from '../../scripts/free-port';
import { capturingLogger } from '../support/log-capture';
import { testLogger } from '../support/logger';
import { createTestApi, type TestApi } from '../support/api';

function appWith(options: Parameters<typeof healthRoutes>[0]) {
  const app = new Koa();
  app.use(healthRoutes(options));
  app.use((ctx) => {
    ctx.body = 'next';
  });
  return request(app.callback());
}

function expectNotReady(res: request.Response, message: RegExp) {
  expect(res.status).toBe(503);
  expect(ErrorEnvelope.strict().parse(res.body)).toMatchObject({
    code: 'RESOURCE_UNAVAILABLE',
    retryable: true,
    error: expect.stringMatching(message),
  });
  expect(res.headers['x-request-id']).toBe(res.body.requestId);
}

describe('healthRoutes', () => {
  test('a check that never answers makes /readyz 503 after the timeout, not a hanging probe', async () => {
    const http = appWith({
      checks: { database: async () => undefined, temporal: () => new Promise(() => undefined) },
      logger: testLogger,
      timeoutMs: 50,
    });

    const started = Date.now();
    const res = await http.get('/readyz');

    expectNotReady(res, /^Not ready: temporal not answering$/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test('/healthz answers while a dependency is down: liveness never restarts a replica for an outage', async () => {
    const http = appWith({
      checks: { database: () => Promise.reject(new Error('connection refused')) },
      logger: testLogger,
    });

    const live = await http.get('/healthz');
    const ready = await http.get('/readyz');

    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    expectNotReady(ready, /^Not ready: database not answering$/);
  });

  test('once stopping, /readyz is 503 without asking the checks, so no new work is routed here', async () => {
    const stopping = new AbortController();
    const check = jest.fn(async () => undefined);
    const http = appWith({ checks: { database: check }, stopping: stopping.signal, logger: testLogger });
    expect((await http.get('/readyz')).status).toBe(200);

    stopping.abort();
    const res = await http.get('/readyz');

    expectNotReady(res, /^Not ready: stopping$/);
    expect(check).toHaveBeenCalledTimes(1);
    expect((await http.get('/healthz')).status).toBe(200);
  });

  test('logs a change of readiness once, with the error, not on every probe', async () => {
    const { logger, lines } = capturingLogger();
    let down = true;
    const http = appWith({
      checks: { temporal: () => (down ? Promise.reject(new Error('14 UNAVAILABLE')) : Promise.resolve()) },
      logger,
    });

    await http.get('/readyz');
    await http.get('/readyz');
    down = false;
    await http.get('/readyz');
    await http.get('/readyz');

    expect(lines.map((l) => l.msg)).toEqual(['not ready', 'ready again']);
    expect(lines[0]).toMatchObject({ failed: [{ check: 'temporal', error: '14 UNAVAILABLE' }] });
  });

  test('other paths and methods pass through', async () => {
    const http = appWith({ checks: {}, logger: testLogger });

    expect((await http.get('/healthz/x')).text).toBe('next');
    expect((await http.post('/readyz')).text).toBe('next');
  });
});

describe('GET /healthz and /readyz on the API', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('are served without an API key; /readyz names the database and Temporal it checked', async () => {
    const live = await api.http.get('/healthz');
    const ready = await api.http.get('/readyz');

    expect(live.status).toBe(200);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', temporal: 'ok' } });
  });

  test('/readyz is 503 in the error envelope when Temporal does not answer', async () => {
    const engine = createRunEngine({
      address: `127.0.0.1:${await freePort()}`,
      namespace: 'default',
      taskQueue: 'readyz-test',
    });
    const cut = await createTestApi({ deps: { engine } });
    try {
      const res = await cut.http.get('/readyz');

      expectNotReady(res, /^Not ready: temporal not answering$/);
      expect((await cut.http.get('/healthz')).status).toBe(200);
    } finally {
      await engine.close();
      await cut.close();
    }
  });

  test('/readyz is 503 in the error envelope when the database does not answer', async () => {
    const pool = new Pool({
      connectionString: `postgres://atelier@127.0.0.1:${await freePort()}/none`,
      connectionTimeoutMillis: 500,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      const res = await request(createApp({ ...api.deps, db }).callback()).get('/readyz');

      expectNotReady(res, /^Not ready: database not answering$/);
    } finally {
      await db.destroy();
    }
  });
});
