import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { trace } from '@opentelemetry/api';
import { Client, Connection } from '@temporalio/client';
import { historyFromJSON as historyFromJson } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import type { Logger } from 'pino';
import { localModels } from '../../../adapters/models/local/local-models';
import type { Models } from '../../../adapters/models/providers';
import { startTracing, type Tracing } from '../../../adapters/telemetry/tracing';
import {
  startOtlpCollector,
  type CollectedSpan,
  type OtlpCollector,
} from '../../../scripts/dev-stack/otlp-collector';
import { bundleWorkflows } from '../../../worker/create-workers';
import { workflowSpanSinks } from '../../../worker/tracing';
import { eventually } from '../../support/eventually';
import { capturingLogger } from '../../support/log-capture';
import { startAppRun, waitForEnd } from '../../support/runs';
import { createTestStack, type TestStack } from '../../support/stack';
import { testTemporalAddress, TEST_TEMPORAL_NAMESPACE } from '../../support/temporal';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const TRACE_HEADER = '_tracer-data';
const HISTORIES_DIR = path.join(__dirname, '..', '..', 'fixtures', 'histories');

/** The local models, each saying when it is called, as a provider adapter might: it is told no run id. */
function talkativeModels(logger: Logger): Models {
  const local = localModels('espeak');
  return {
    ...local,
    text: {
      name: local.text.name,
      generate: (request) => (logger.info('text model called'), local.text.generate(request)),
    },
    image: {
      name: local.image.name,
      generate: (request) => (logger.info('image model called'), local.image.generate(request)),
    },
  };
}

/** Whether Temporal recorded a trace context in the headers of the run's workflow start. */
async function startCarriesTrace(runId: string): Promise<boolean> {
  const connection = await Connection.connect({ address: testTemporalAddress() });
  try {
    const client = new Client({ connection, namespace: TEST_TEMPORAL_NAMESPACE });
    const history = await client.workflow.getHandle(runId).fetchHistory();
    const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
    return Boolean(started?.header?.fields?.[TRACE_HEADER]);
  } finally {
    await connection.close();
  }
}

const OTEL_VARIABLES = Object.keys(process.env).filter((name) => name.startsWith('OTEL_'));
const savedEnv = Object.fromEntries(OTEL_VARIABLES.map((name) => [name, process.env[name]]));
afterAll(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith('OTEL_')) delete process.env[name];
  Object.assign(process.env, savedEnv);
});

describe('tracing on (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  const { logger, lines } = capturingLogger('atelier');
  let collector: OtlpCollector;
  let tracing: Tracing;
  let tracedBundle: string;
  let stack: TestStack;

  beforeAll(async () => {
    collector = await startOtlpCollector();
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
    tracing = startTracing('atelier', logger)!;
    tracedBundle = (await bundleWorkflows({ tracing: true })).code;
    stack = await createTestStack({
      tracing,
      workflowBundle: { code: tracedBundle },
      logger,
      models: talkativeModels(logger),
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await tracing?.shutdown();
    await collector?.close();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  });

  /** The spans of the trace that started `runId`, once its workflow span has been exported. */
  const traceOfRun = async (runId: string): Promise<CollectedSpan[]> => {
    const traceId = () =>
      collector.spans.find(
        (s) => s.name === 'StartWorkflow:runApp' && s.attributes.temporalWorkflowId === runId,
      )?.traceId;
    const spans = await eventually(
      async () => {
        await tracing.flush();
        return collector.spans.filter((s) => s.traceId === traceId());
      },
      (spans) => spans.some((s) => s.name === 'RunWorkflow:runApp'),
      20_000,
    );
    return spans;
  };

  test('one trace from the API request through the workflow to every activity', async () => {
    const res = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', stack.users.owner.key)
      .send({ inputs: { topic: 'tide pools' } });
    expect(res.status).toBe(202);
    const runId = res.body.data.runId as string;
    expect((await waitForEnd(stack, stack.users.owner, runId)).status).toBe('completed');
    const spans = await traceOfRun(runId);
    const named = (name: string) => spans.filter((s) => s.name === name);
    const parentOf = (span: CollectedSpan) => spans.find((s) => s.spanId === span.parentSpanId);

    const [server] = named('POST /v1/apps/:appId/runs');
    expect(server).toBeDefined();
    expect(server.parentSpanId).toBeUndefined();
    expect(server.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/v1/apps/:appId/runs',
      'http.response.status_code': 202,
      'atelier.request_id': res.headers['x-request-id'],
    });
    const [start] = named('StartWorkflow:runApp');
    expect(parentOf(start)).toBe(server);
    const [workflow] = named('RunWorkflow:runApp');
    expect(parentOf(workflow)).toBe(start);

    // The image runs on the media task queue's worker: the trace crosses task queues with the activity.
    const [scheduled] = named('StartActivity:imageGenerate');
    expect(parentOf(scheduled)).toBe(workflow);
    const [executed] = named('RunActivity:imageGenerate');
    expect(parentOf(executed)).toBe(scheduled);
    // Every activity, local ones (records, in-process nodes) included, runs under the workflow's schedule of it.
    const activities = spans.filter((s) => s.name.startsWith('RunActivity:'));
    expect(activities.length).toBeGreaterThan(2);
    for (const activity of activities) {
      const schedule = parentOf(activity)!;
      expect(schedule.name).toBe(activity.name.replace('RunActivity:', 'StartActivity:'));
      expect(parentOf(schedule)).toBe(workflow);
    }
    expect(await startCarriesTrace(runId)).toBe(true);

    // What a provider logs inside an activity names the run and the trace without being told either.
    const calls = lines.filter((l) => l.msg === 'image model called' || l.msg === 'text model called');
    expect(calls).toHaveLength(2);
    for (const line of calls) expect(line).toMatchObject({ runId, traceId: server.traceId });
    // So do the Temporal SDK's own lines about the run's workflow and activities.
    const sdkLines = lines.filter(
      (l) => (l.temporal as { workflowId?: string } | undefined)?.workflowId === runId,
    );
    expect(sdkLines.length).toBeGreaterThan(0);
    for (const line of sdkLines) expect(line.runId).toBe(runId);
  });

  test("a caller's W3C traceparent makes the request's span its child", async () => {
    const runId = await startAppRun(stack, stack.users.owner, SOCIAL_POST, { topic: 'kelp' });
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const res = await stack.http
      .get(`/v1/runs/${runId}`)
      .set('x-api-key', stack.users.owner.key)
      .set('traceparent', `00-${callerTrace}-${callerSpan}-01`);
    expect(res.status).toBe(200);

    const [span] = await eventually(
      async () => {
        await tracing.flush();
        return collector.spans.filter((s) => s.traceId === callerTrace);
      },
      (spans) => spans.length > 0,
    );
    expect(span).toMatchObject({ name: 'GET /v1/runs/:runId', parentSpanId: callerSpan });
    await waitForEnd(stack, stack.users.owner, runId);
  });

  test('the recorded histories replay with the tracing interceptors bundled in: they add no command', async () => {
    const files = readdirSync(HISTORIES_DIR).filter((f) => f.endsWith('.json'));
    const histories = files.map((file) => ({
      workflowId: file,
      history: historyFromJson(JSON.parse(readFileSync(path.join(HISTORIES_DIR, file), 'utf8'))),
    }));
    const failures: string[] = [];
    const options = { workflowBundle: { code: tracedBundle }, sinks: workflowSpanSinks(tracing) };
    for await (const result of Worker.runReplayHistories(options, histories))
      if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
    expect(failures).toEqual([]);
  });
});

describe('tracing off (no OTEL variables)', () => {
  let collector: OtlpCollector;
  let stack: TestStack;

  beforeAll(async () => {
    for (const name of Object.keys(process.env)) if (name.startsWith('OTEL_')) delete process.env[name];
    collector = await startOtlpCollector();
  });
  afterAll(async () => {
    await stack?.close();
    await collector?.close();
  });

  test('nothing is installed, no trace reaches the workflow, nothing is exported', async () => {
    const { logger, lines } = capturingLogger('atelier');
    expect(startTracing('atelier', logger)).toBeNull();
    expect(lines).toEqual([]);
    expect(trace.getTracer('probe').startSpan('probe').isRecording()).toBe(false);

    stack = await createTestStack({ logger });
    expect(stack.deps.tracer).toBeUndefined();
    const res = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', stack.users.owner.key)
      .send({ inputs: { topic: 'salt marsh' } });
    const runId = res.body.data.runId as string;
    expect((await waitForEnd(stack, stack.users.owner, runId)).status).toBe('completed');

    expect(await startCarriesTrace(runId)).toBe(false);
    expect(collector.requests).toBe(0);
    expect(lines.some((l) => 'traceId' in l)).toBe(false);
  });
});
