/**
 * One trace, API -> workflow -> activities: `npx tsx scripts/show-trace.ts`.
 * Starts a stand-in OTLP collector on a free port and points OTEL_EXPORTER_OTLP_ENDPOINT at it, then the
 * embedded stack in this process with tracing on (the Temporal dev server as a child, PGlite in a temp data
 * folder, the workers and the API listening on a port), runs Social Post Image through
 * `POST /v1/apps/{appId}/runs`, waits for it on `/wait`, and prints the run's trace as an indented tree.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../adapters/logger';
import { openServices } from '../adapters/services';
import { startTracing } from '../adapters/telemetry/tracing';
import { createRunEngine } from '../adapters/temporal/run-engine';
import { startApiServer } from '../api/server';
import { loadConfig } from '../core/config';
import { startWorkers } from '../worker/start-worker';
import { startTemporalDevServer } from './dev-server';
import { formatTrace, startOtlpCollector, type OtlpCollector } from './dev-stack/otlp-collector';
import { seedUsers } from './dev-stack/seed';
import { findTemporalCli } from './temporal-cli';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

async function main(): Promise<void> {
  const collector = await startOtlpCollector();
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-show-trace-'));
  const config = loadConfig({
    ATELIER_DATA_DIR: dataDir,
    TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH,
    PORT: '0',
    LOG_LEVEL: 'warn',
  });
  const logger = createLogger(config, 'atelier');
  const tracing = startTracing('atelier', logger);
  if (!tracing) throw new Error('tracing did not start: is OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER set?');
  const temporal = await startTemporalDevServer({
    cliPath: findTemporalCli(config),
    uiPort: null,
    namespace: config.TEMPORAL_NAMESPACE,
  });
  const services = await openServices(config, logger);
  const users = await seedUsers(services.database.db);
  const workers = await startWorkers(config, services, logger, temporal.address, { tracing });
  const engine = createRunEngine({
    address: temporal.address,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TASK_QUEUE,
    traced: true,
  });
  const api = await startApiServer(config, services, engine, logger, { tracer: tracing.tracer });
  try {
    const headers = { 'x-api-key': users.owner.key, 'content-type': 'application/json' };
    const started = await fetch(`${api.url}/v1/apps/${SOCIAL_POST}/runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ inputs: { topic: 'Reusable bottles on a city beach' } }),
    });
    const runId = ((await started.json()) as { data: { runId: string } }).data.runId;
    const ended = await fetch(`${api.url}/v1/runs/${runId}/wait?timeout=60`, { headers });
    const status = ((await ended.json()) as { data: { status: string } }).data.status;
    const spans = await traceOfRun(collector, runId, () => tracing.flush());
    console.log(`run ${runId} ${status}; trace ${spans[0]?.traceId} (${spans.length} spans)\n`);
    console.log(formatTrace(spans));
  } finally {
    await api.close();
    await workers.shutdown();
    await engine.close();
    await services.close();
    await tracing.shutdown();
    await temporal.stop();
    await collector.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The spans of the trace that started `runId`, once the workflow's own span (ended last) has arrived. */
async function traceOfRun(collector: OtlpCollector, runId: string, flush: () => Promise<void>) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await flush();
    const start = collector.spans.find(
      (span) => span.name === 'StartWorkflow:runApp' && span.attributes.temporalWorkflowId === runId,
    );
    const spans = collector.spans.filter((span) => span.traceId === start?.traceId);
    if (spans.some((span) => span.name === 'RunWorkflow:runApp') || Date.now() > deadline) return spans;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
