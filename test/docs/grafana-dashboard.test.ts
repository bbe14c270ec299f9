import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMetrics } from '../../adapters/telemetry/metrics';

const DOCS = join(__dirname, '../../docs');

interface Panel {
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
}

/** Every series name a scrape of an Atelier process can hold: histograms and summaries as their parts. */
async function seriesNames(): Promise<Set<string>> {
  const metrics = await createMetrics().registry.getMetricsAsJSON();
  return new Set(
    metrics.flatMap(({ name, type }) => {
      if (String(type) === 'histogram') return [`${name}_bucket`, `${name}_sum`, `${name}_count`];
      if (String(type) === 'summary') return [name, `${name}_sum`, `${name}_count`];
      return [name];
    }),
  );
}

/** The metric names a PromQL expression reads (Temporal's own are checked against the runtime, not here). */
const metricNamesIn = (expr: string) =>
  [...expr.matchAll(/\b(?:atelier|process|nodejs|temporal)_[a-zA-Z0-9_]+/g)].map((m) => m[0]);

describe('docs/grafana-dashboard.json', () => {
  const dashboard = JSON.parse(readFileSync(join(DOCS, 'grafana-dashboard.json'), 'utf8'));
  const panels = (dashboard.panels as Panel[]).filter((p) => p.type !== 'row');

  test('is an importable dashboard asking for a Prometheus data source', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' }),
    ]);
    for (const panel of panels) {
      expect(panel.datasource?.uid).toBe('${DS_PROMETHEUS}');
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid).toBe('${DS_PROMETHEUS}');
    }
  });

  test('has the panels the operations guide promises', () => {
    const exprs = panels.flatMap((p) => p.targets!.map((t) => t.expr)).join('\n');

    for (const metric of [
      'atelier_runs_started_total',
      'atelier_runs_finished_total',
      'atelier_node_duration_seconds_bucket',
      'atelier_http_request_duration_seconds_count',
      'atelier_http_request_duration_seconds_bucket',
      'atelier_webhook_attempts_total',
      'atelier_credits_debited_total',
      'atelier_event_bus_lag_seconds_bucket',
      'temporal_worker_task_slots_available',
      'temporal_workflow_task_schedule_to_start_latency_bucket',
    ])
      expect(exprs).toContain(metric);
  });

  test('every query reads only series the registry defines, or the Temporal runtime’s', async () => {
    const defined = await seriesNames();
    const read = panels.flatMap((p) => p.targets!.flatMap((t) => metricNamesIn(t.expr)));

    const unknown = read.filter((name) => !name.startsWith('temporal_') && !defined.has(name));
    expect(unknown).toEqual([]);
  });
});

describe('the alerting rules of docs/operations.md', () => {
  test('read only series the registry defines', async () => {
    const guide = readFileSync(join(DOCS, 'operations.md'), 'utf8');
    const rules = /## Alerts[\s\S]*?```yaml\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
    const defined = await seriesNames();

    const exprs = rules.split(/\n\s*- alert: /).slice(1);
    expect(exprs).toHaveLength(3);
    const read = metricNamesIn(rules.replace(/description: .*/g, ''));
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((name) => !defined.has(name))).toEqual([]);
  });
});
