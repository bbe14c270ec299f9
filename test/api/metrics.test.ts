import { startMetricsServer } from '../../api/metrics-server';
import { eventually } from '../support/eventually';
import { testLogger } from '../support/logger';
import { parseExposition, sampleSum, scrapeMetrics, TEST_METRICS_TOKEN } from '../support/prometheus';
import { waitForEnd } from '../support/runs';
import { createTestStack, type TestStack } from '../support/stack';
import { openWebhookHarness, type WebhookHarness } from './webhooks/harness';
import { CHAIN_APP } from './webhooks/test-apps';

const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

const scraper = { authorization: `Bearer ${TEST_METRICS_TOKEN}` };

describe('/metrics on the API port', () => {
  let harness: WebhookHarness;
  let stack: TestStack;
  const scrape = () => scrapeMetrics(stack.http);

  beforeAll(async () => {
    harness = await openWebhookHarness({ config: { METRICS_TOKEN: TEST_METRICS_TOKEN } });
    stack = harness.stack;
  });
  afterEach(() => harness.closeReceivers());
  afterAll(() => harness.close());

  test('answers the Prometheus text format to the token, without an API key, outside /v1', async () => {
    const res = await stack.http.get('/metrics').set(scraper);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(PROMETHEUS_TEXT);
    expect(res.headers['cache-control']).toBe('no-store');
    const samples = parseExposition(res.text);
    expect(sampleSum(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  test('labels requests by the route template, never by the raw path', async () => {
    const key = stack.users.owner.key;
    const runId = '6f1d2c3b-0000-4000-8000-00000000abcd';
    await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key).expect(404);
    await stack.http.get(`/v1/runs/${runId}`).expect(401);
    await stack.http.get('/v1/no-such-thing').set('x-api-key', key).expect(404);
    await stack.http.get('/wp-login.php').expect(404);
    await stack.http.get('/cdn/some/file.png');
    await stack.http.get('/llms.txt').expect(200);
    // MCP answers on the raw response (ctx.respond = false): its status is still the one counted.
    await stack.http
      .post('/mcp')
      .set('x-api-key', key)
      .set('accept', 'application/json, text/event-stream')
      .send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-03-26',
          capabilities: {},
          clientInfo: { name: 'metrics-test', version: '1' },
        },
      })
      .expect(200);

    const samples = await scrape();
    const requests = samples.filter((s) => s.name === 'atelier_http_request_duration_seconds_count');

    const routeOf = { method: 'GET', route: '/v1/runs/:runId' };
    expect(
      sampleSum(requests, 'atelier_http_request_duration_seconds_count', { ...routeOf, status: '404' }),
    ).toBe(1);
    expect(
      sampleSum(requests, 'atelier_http_request_duration_seconds_count', { ...routeOf, status: '401' }),
    ).toBe(1);
    expect(
      sampleSum(requests, 'atelier_http_request_duration_seconds_count', {
        route: 'unmatched',
        status: '404',
      }),
    ).toBe(2);
    expect(sampleSum(requests, 'atelier_http_request_duration_seconds_count', { route: '/cdn/*' })).toBe(1);
    expect(
      sampleSum(requests, 'atelier_http_request_duration_seconds_count', {
        route: '/llms.txt',
        status: '200',
      }),
    ).toBe(1);
    expect(
      sampleSum(requests, 'atelier_http_request_duration_seconds_count', { route: '/mcp', status: '200' }),
    ).toBe(1);
    expect(sampleSum(samples, 'atelier_http_request_duration_seconds_count', routeOf)).toBe(2);
    for (const { labels } of requests) {
      expect(labels.route).not.toContain(runId);
      expect(labels.route).not.toContain('file.png');
    }
  });

  test('a run through the real stack counts its start, end, nodes, credits, webhook attempt and events', async () => {
    const hook = await harness.receiver([200]);
    const runId = await harness.startRun(CHAIN_APP.appId, hook);
    const run = await waitForEnd(stack, stack.users.owner, runId);
    expect(run.status).toBe('completed');

    // A workspace's app is counted as `custom`, never by its id (issue 27 item 5).
    const app = { app: 'custom' };
    const local = { type: 'text.generate', provider: 'local' };
    const samples = await scrape();
    expect(sampleSum(samples, 'atelier_runs_started_total', app)).toBe(1);
    expect(sampleSum(samples, 'atelier_runs_finished_total', { ...app, status: 'completed' })).toBe(1);
    expect(sampleSum(samples, 'atelier_node_duration_seconds_count', { ...local, status: 'completed' })).toBe(
      2,
    );
    expect(sampleSum(samples, 'atelier_credits_debited_total', local)).toBe(run.cost.credits);
    expect(run.cost.credits).toBeGreaterThan(0);
    // /wait follows the run on the bus: each event it was told of was measured on delivery.
    expect(sampleSum(samples, 'atelier_event_bus_lag_seconds_count')).toBeGreaterThan(0);

    await hook.next(1);
    const delivered = await eventually(
      async () => sampleSum(await scrape(), 'atelier_webhook_attempts_total', { outcome: 'delivered' }),
      (count) => count === 1,
    );
    expect(delivered).toBe(1);
  });
});

describe('/metrics with neither METRICS_TOKEN nor METRICS_PORT', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
  });
  afterAll(() => stack.close());

  test('is not served on the public API port at all (issue 27 item 5)', async () => {
    const res = await stack.http.get('/metrics');

    expect(res.status).toBe(404);
    expect(res.text).not.toContain('atelier_runs_started_total');
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await createTestStack({ workers: false, config: { METRICS_TOKEN: 'scrape-secret' } });
  });
  afterAll(() => stack.close());

  test('refuses a scrape without the token, or with another, in the error envelope', async () => {
    const missing = await stack.http.get('/metrics');
    const wrong = await stack.http.get('/metrics').set('authorization', 'Bearer scrape-secreT');
    const apiKey = await stack.http.get('/metrics').set('x-api-key', stack.users.owner.key);

    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      error: expect.stringContaining('Missing metrics token'),
      code: 'AUTH_MISSING_KEY',
      retryable: false,
      requestId: missing.headers['x-request-id'],
    });
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'AUTH_INVALID_KEY', error: 'Invalid metrics token' });
    expect(apiKey.status).toBe(401);
  });

  test('answers the scrape that brings it', async () => {
    const res = await stack.http.get('/metrics').set('authorization', 'Bearer scrape-secret');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(PROMETHEUS_TEXT);
    expect(res.text).toContain('# TYPE atelier_runs_started_total counter');
  });
});

describe('/metrics with METRICS_PORT', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await createTestStack({
      workers: false,
      config: { METRICS_PORT: '0', METRICS_TOKEN: 'scrape-secret' },
    });
  });
  afterAll(() => stack.close());

  test('moves /metrics to a listener of its own: the API port no longer serves it', async () => {
    const server = await startMetricsServer(stack.config, stack.deps.metrics, testLogger);
    try {
      await stack.http.get('/v1/node-types').set('x-api-key', stack.users.owner.key).expect(200);
      const onApiPort = await stack.http.get('/metrics').set('authorization', 'Bearer scrape-secret');
      const refused = await fetch(server!.url);
      const scraped = await fetch(server!.url, { headers: { authorization: 'Bearer scrape-secret' } });
      const elsewhere = await fetch(new URL('/v1/node-types', server!.url));

      expect(onApiPort.status).toBe(404);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ code: 'AUTH_MISSING_KEY' });
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toBe(PROMETHEUS_TEXT);
      const samples = parseExposition(await scraped.text());
      expect(
        sampleSum(samples, 'atelier_http_request_duration_seconds_count', {
          route: '/v1/node-types',
          status: '200',
        }),
      ).toBe(1);
      expect(elsewhere.status).toBe(404);
    } finally {
      await server?.close();
    }
  });

  test('is not started without METRICS_PORT', async () => {
    const config = { ...stack.config, METRICS_PORT: undefined };

    expect(await startMetricsServer(config, stack.deps.metrics, testLogger)).toBeNull();
  });
});
