import { installRuntime } from '../../worker/runtime-metrics';
import { eventually } from '../support/eventually';
import { testLogger } from '../support/logger';
import { sampleSum, scrapeMetrics, TEST_METRICS_TOKEN } from '../support/prometheus';
import { startAppRun, waitForEnd } from '../support/runs';
import { createTestStack, type TestStack } from '../support/stack';
import { CHAIN_APP, insertTestApps } from '../api/webhooks/test-apps';

// The runtime is installed once per process (a Jest test file): the first stack here decides, with the
// default of a real deployment, a loopback port found free.
describe('the Temporal worker runtime’s metrics in /metrics', () => {
  let stack: TestStack;
  const scrape = () => scrapeMetrics(stack.http);

  beforeAll(async () => {
    stack = await createTestStack({
      config: { TEMPORAL_METRICS_ADDRESS: 'auto', METRICS_TOKEN: TEST_METRICS_TOKEN },
    });
    await insertTestApps(stack.services.database.db, stack.users.owner);
  });
  afterAll(() => stack.close());

  test('Core serves them on loopback, and the same address is answered to every later start', async () => {
    const address = await installRuntime(stack.config, testLogger);

    expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(await installRuntime({ TEMPORAL_METRICS_ADDRESS: 'off' }, testLogger)).toBe(address);
    const res = await fetch(`http://${address}/metrics`);
    expect(res.status).toBe(200);
  });

  test('one scrape returns temporal_* series beside Atelier’s once a workflow has run', async () => {
    const runId = await startAppRun(stack, stack.users.owner, CHAIN_APP.appId, { topic: 'lighthouses' });
    expect((await waitForEnd(stack, stack.users.owner, runId)).status).toBe('completed');

    const samples = await eventually(scrape, (s) =>
      s.some((x) => x.name === 'temporal_workflow_task_schedule_to_start_latency_bucket'),
    );

    const names = new Set(samples.map((s) => s.name));
    expect(names).toContain('temporal_workflow_task_schedule_to_start_latency_bucket');
    expect(names).toContain('temporal_worker_task_slots_available');
    expect(
      sampleSum(samples, 'temporal_worker_task_slots_available', { task_queue: stack.config.TASK_QUEUE }),
    ).toBeGreaterThan(0);
    expect(sampleSum(samples, 'atelier_metrics_source_up', { source: 'temporal' })).toBe(1);
    expect(sampleSum(samples, 'atelier_runs_finished_total', { app: 'custom' })).toBe(1);
  });
});
