import { createMemoryBus, type RunEvent } from '../../../adapters/events/bus';
import { createPgBus } from '../../../adapters/events/pg-bus';
import { measureBusLag } from '../../../adapters/telemetry/bus-lag';
import { createMetrics } from '../../../adapters/telemetry/metrics';
import { createTestDatabase } from '../../support/database';
import { eventually } from '../../support/eventually';
import { testLogger } from '../../support/logger';
import { parseExposition, sampleSum } from '../../support/prometheus';

describe('createMetrics', () => {
  test('each registry is its own: what one process observes, another does not see', async () => {
    const a = createMetrics();
    const b = createMetrics();

    a.runStarted('app-1');

    expect(
      sampleSum(parseExposition(await a.scrape()), 'atelier_runs_started_total', { app: 'custom' }),
    ).toBe(1);
    expect(sampleSum(parseExposition(await b.scrape()), 'atelier_runs_started_total')).toBe(0);
  });

  test('Atelier series are atelier_*, counters end in _total, durations are _seconds histograms', async () => {
    const metrics = createMetrics();
    metrics.httpRequest({ method: 'GET', route: '/v1/runs/:runId', status: 200 }, 0.02);
    metrics.runStarted('app-1');
    metrics.runFinished('app-1', 'failed');
    metrics.nodeRan({ type: 'text.generate', provider: 'local', status: 'completed' }, 0.3);
    metrics.webhookAttempted('delivered');
    metrics.creditsDebited({ type: 'image.generate', provider: 'fal' }, 4);
    metrics.eventDelivered(0.004);

    const samples = parseExposition(await metrics.scrape());

    expect(
      sampleSum(samples, 'atelier_http_request_duration_seconds_count', {
        route: '/v1/runs/:runId',
        status: '200',
      }),
    ).toBe(1);
    expect(sampleSum(samples, 'atelier_http_request_duration_seconds_count', { method: 'GET' })).toBe(1);
    expect(sampleSum(samples, 'atelier_runs_finished_total', { app: 'custom', status: 'failed' })).toBe(1);
    expect(
      sampleSum(samples, 'atelier_node_duration_seconds_sum', { type: 'text.generate', provider: 'local' }),
    ).toBeCloseTo(0.3);
    expect(sampleSum(samples, 'atelier_webhook_attempts_total', { outcome: 'delivered' })).toBe(1);
    expect(
      sampleSum(samples, 'atelier_credits_debited_total', { type: 'image.generate', provider: 'fal' }),
    ).toBe(4);
    expect(sampleSum(samples, 'atelier_event_bus_lag_seconds_bucket', { le: '0.005' })).toBe(1);
    // Node's process series keep their names. Their value is the CPU time since the registry was made,
    // which can still be 0 on a loaded machine: only their presence is checked.
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    const ours = [...new Set(samples.map((s) => s.name))].filter((n) => n.startsWith('atelier_'));
    for (const name of ours) expect(name).toMatch(/_(total|seconds_(bucket|sum|count)|up)$/);
  });

  test('an included exposition is appended to the scrape, and one that fails is left out and marked down', async () => {
    const metrics = createMetrics();
    metrics.include(
      'temporal',
      async () => '# TYPE temporal_worker_task_slots_available gauge\ntemporal_worker_task_slots_available 5',
    );

    const up = parseExposition(await metrics.scrape());
    metrics.include('temporal', () => Promise.reject(new Error('connection refused')));
    const down = parseExposition(await metrics.scrape());

    expect(sampleSum(up, 'temporal_worker_task_slots_available')).toBe(5);
    expect(sampleSum(up, 'atelier_metrics_source_up', { source: 'temporal' })).toBe(1);
    expect(down.some((s) => s.name.startsWith('temporal_'))).toBe(false);
    expect(sampleSum(down, 'atelier_metrics_source_up', { source: 'temporal' })).toBe(0);
  });
});

describe('measureBusLag', () => {
  test('stamps what it publishes and observes each event once, however many follow the run', async () => {
    const metrics = createMetrics();
    const bus = measureBusLag(createMemoryBus(), metrics);
    const seen: RunEvent[] = [];
    bus.subscribe('run-1', (event) => seen.push(event));
    bus.subscribe('run-1', (event) => seen.push(event));

    const before = Date.now();
    await bus.publish({ runId: 'run-1', kind: 'run', status: 'running' });

    expect(seen).toHaveLength(2);
    expect(seen[0].publishedAt).toBeGreaterThanOrEqual(before);
    const samples = parseExposition(await metrics.scrape());
    expect(sampleSum(samples, 'atelier_event_bus_lag_seconds_count')).toBe(1);
    await bus.close();
  });

  test('an event published elsewhere keeps its stamp; one from an unstamping publisher is not measured', async () => {
    const metrics = createMetrics();
    const inner = createMemoryBus();
    const bus = measureBusLag(inner, metrics);
    bus.subscribe('run-1', () => undefined);

    await bus.publish({ runId: 'run-1', kind: 'run', status: 'running', publishedAt: Date.now() - 1500 });
    await inner.publish({ runId: 'run-1', kind: 'run', status: 'completed' });

    const samples = parseExposition(await metrics.scrape());
    expect(sampleSum(samples, 'atelier_event_bus_lag_seconds_count')).toBe(1);
    expect(sampleSum(samples, 'atelier_event_bus_lag_seconds_sum')).toBeGreaterThanOrEqual(1.5);
    await bus.close();
  });

  test('the stamp crosses processes through PostgreSQL: the receiving process measures the lag', async () => {
    const database = await createTestDatabase();
    const worker = createMetrics();
    const api = createMetrics();
    const publisher = measureBusLag(await createPgBus(database.url, testLogger), worker);
    const receiver = measureBusLag(await createPgBus(database.url, testLogger), api);
    try {
      const seen: RunEvent[] = [];
      receiver.subscribe('run-1', (event) => seen.push(event));

      await publisher.publish({ runId: 'run-1', kind: 'node', nodeId: 'draft', status: 'completed' });
      await eventually(
        () => seen.length,
        (n) => n === 1,
      );

      expect(seen[0].publishedAt).toEqual(expect.any(Number));
      const lag = (metrics: typeof api) => metrics.scrape().then(parseExposition);
      expect(sampleSum(await lag(api), 'atelier_event_bus_lag_seconds_count')).toBe(1);
      expect(sampleSum(await lag(worker), 'atelier_event_bus_lag_seconds_count')).toBe(0);
    } finally {
      await publisher.close();
      await receiver.close();
      await database.drop();
    }
  });
});
