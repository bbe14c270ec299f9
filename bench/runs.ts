/**
 * Run-path benchmark: `npm run bench:runs`. One in-memory Temporal dev server, a throwaway PostgreSQL database,
 * the real workers and the real API listening on a port; prints one table.
 * 1. Start-to-202 and start-to-completed of a 5-node app (text.generate chain on the local provider, so its
 *    nodes run in-process as local activities), N runs one after another over HTTP; "completed" is the
 *    moment the worker publishes the run's terminal status (after the DB write). P1 = completed / floor.
 * 2. The Temporal floor beside it: 5 sequential no-op activities started with the client on the same server,
 *    and the same with runApp's record pattern as no-op local activities.
 * 3. Completion-to-answer: a /wait request and an SSE stream opened right after the 202, timed from (1).
 * 4. GET /v1/runs/{id} of a finished run, requests per second at 32 connections (autocannon, no
 *    If-None-Match: every answer a full 200), beside a bare Koa route. P2 = GET run / bare.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Koa from 'koa';
import pino from 'pino';
import { Client } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { insertApp } from '../adapters/db/apps';
import { openServices } from '../adapters/services';
import { createRunEngine } from '../adapters/temporal/run-engine';
import { startApiServer } from '../api/server';
import { loadConfig } from '../core/config';
import { startTemporalDevServer } from '../scripts/dev-server';
import { freePort } from '../scripts/free-port';
import { findTemporalCli } from '../scripts/temporal-cli';
import { testApp, textParameter } from '../scripts/dev-stack/app-definitions';
import { createTestDatabase } from '../scripts/dev-stack/database';
import { seedUsers } from '../scripts/dev-stack/seed';
import { startWorkers } from '../worker/start-worker';
import type { FloorActivities } from './runs/floor-workflows';
import { percentile, timedBus } from './timing';

// autocannon ships no types; this is the part used here.
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Autocannon;

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const CANNON_SECONDS = Number(process.env.BENCH_CANNON_SECONDS ?? 3);
const CANNON_ROUNDS = 5;

const APP = testApp({
  appId: '5e0c1a2b-0000-4000-8000-00000000be01',
  name: 'Bench chain',
  summary: 'Bench.',
  formats: ['text'],
  parameters: [textParameter('topic')],
  nodes: [
    {
      id: 'n1',
      type: 'text.generate',
      label: 'n1',
      config: { prompt: 'Write about {{topic}}', maxWords: 20 },
    },
    ...[2, 3, 4, 5].map((i) => ({
      id: `n${i}`,
      type: 'text.generate',
      label: `n${i}`,
      config: { prompt: `Rewrite: {{nodes.n${i - 1}}}`, maxWords: 20 },
    })),
    { id: 'out', type: 'output', label: 'Text', config: { label: 'Text' } },
  ],
  edges: [
    ...[1, 2, 3, 4].map((i) => ({ source: `n${i}`, target: `n${i + 1}` })),
    { source: 'n5', target: 'out' },
  ],
});

/** Resolves with the time the first `complete` or `error` event arrives on an SSE stream. */
async function sseTerminal(url: string, key: string): Promise<number> {
  const res = await fetch(url, { headers: { 'x-api-key': key, accept: 'text/event-stream' } });
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (/^event: (complete|error)$/m.test(text)) return performance.now();
  }
  throw new Error('the stream ended without a terminal event');
}

async function listen(app: Koa): Promise<{ server: Server; url: string }> {
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function main(): Promise<void> {
  const began = performance.now();
  const loadAtStart = loadavg()[0];
  const logger = pino({ level: 'error' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-bench-'));
  const db = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: db.url,
    ATELIER_DATA_DIR: dataDir,
    TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH,
    PORT: '0',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '100000000',
    TASK_QUEUE: 'bench-runs',
    MEDIA_TASK_QUEUE: 'bench-runs-media',
  });
  const temporal = await startTemporalDevServer({
    cliPath: findTemporalCli(config),
    port: await freePort(),
    uiPort: null,
    namespace: config.TEMPORAL_NAMESPACE,
  });
  const services = await openServices(config, logger);
  const terminalAt = new Map<string, number>();
  services.bus = timedBus(services.bus, terminalAt);
  const users = await seedUsers(services.database.db, 1_000_000);
  await insertApp(services.database.db, APP, {
    workspaceId: users.owner.workspaceId,
    creatorId: users.owner.userId,
    visibility: 'private',
  });
  const engine = createRunEngine({
    address: temporal.address,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TASK_QUEUE,
  });
  const api = await startApiServer(config, services, engine, logger);
  const workers = await startWorkers(config, services, logger, temporal.address);
  const floorConnection = await NativeConnection.connect({ address: temporal.address });
  const floorActivities: FloorActivities = { noop: async () => undefined, record: async () => undefined };
  const floorWorker = await Worker.create({
    connection: floorConnection,
    taskQueue: 'bench-floor',
    workflowBundle: await bundleWorkflowCode({
      workflowsPath: require.resolve('./runs/floor-workflows'),
      logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error: console.error },
    }),
    activities: floorActivities,
  });
  const floorRunning = floorWorker.run();
  const client = new Client({ connection: floorConnection });
  const key = users.owner.key;
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };

  try {
    // 1 + 3: runs through the API, with /wait and SSE listening from the 202 on.
    const oneRun = async (i: number) => {
      const t0 = performance.now();
      const res = await fetch(`${api.url}/v1/apps/${APP.appId}/runs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ inputs: { topic: `bottle ${i}` } }),
      });
      const t202 = performance.now();
      if (res.status !== 202) throw new Error(`start answered ${res.status}: ${await res.text()}`);
      const runId = ((await res.json()) as { data: { runId: string } }).data.runId;
      const [waited, streamed] = await Promise.all([
        fetch(`${api.url}/v1/runs/${runId}/wait?timeout=60`, { headers }).then(async (r) => {
          const body = (await r.json()) as { data: { status: string }; timeout?: boolean };
          if (body.timeout || body.data.status !== 'completed')
            throw new Error(`run ${runId} ended ${body.data.status}`);
          return performance.now();
        }),
        sseTerminal(`${api.url}/v1/runs/${runId}/stream`, key),
      ]);
      const done = terminalAt.get(runId)!;
      return {
        runId,
        toAccepted: t202 - t0,
        toCompleted: done - t0,
        toWait: waited - done,
        toSse: streamed - done,
      };
    };
    // 2: the floor, started directly with the client on the same server.
    const floorRun = async (workflow: 'fiveNoops' | 'fiveNoopsWithRecords', i: number) => {
      const t0 = performance.now();
      await client.workflow.execute(workflow, {
        taskQueue: 'bench-floor',
        workflowId: `floor-${workflow}-${i}`,
      });
      return performance.now() - t0;
    };
    // Interleaved, so the drift of a shared machine hits the runs and the floor alike.
    const runs = [];
    const floorPlain: number[] = [];
    const floorRecords: number[] = [];
    for (let i = -WARMUP; i < RUNS; i++) {
      const run = await oneRun(i);
      const plain = await floorRun('fiveNoops', i);
      const records = await floorRun('fiveNoopsWithRecords', i);
      if (i < 0) continue;
      runs.push(run);
      floorPlain.push(plain);
      floorRecords.push(records);
    }

    // 4: reads under load, beside a bare Koa route in the same process.
    const bareApp = new Koa();
    bareApp.use((ctx) => {
      ctx.body = { data: { ok: true } };
    });
    const bare = await listen(bareApp);
    const cannon = async (url: string, h?: Record<string, string>) => {
      const result = await autocannon({ url, connections: 32, duration: CANNON_SECONDS, headers: h });
      // A non-2xx would measure an error path, not the route.
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return result;
    };
    const bareRps: number[] = [];
    const getRps: number[] = [];
    for (let round = 0; round < CANNON_ROUNDS; round++) {
      bareRps.push((await cannon(`${bare.url}/`)).requests.average);
      getRps.push(
        (await cannon(`${api.url}/v1/runs/${runs[runs.length - 1].runId}`, { 'x-api-key': key })).requests
          .average,
      );
    }
    bare.server.close();

    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const row = (name: string, samples: number[]) => [
      name,
      ms(percentile(samples, 50)),
      ms(percentile(samples, 95)),
    ];
    const completed = runs.map((r) => r.toCompleted);
    const table: string[][] = [
      ['measure', 'p50', 'p95'],
      row(
        `start -> 202 (${RUNS} runs, 5 text nodes on the local provider)`,
        runs.map((r) => r.toAccepted),
      ),
      row('start -> completed', completed),
      row('Temporal floor: 5 no-op activities', floorPlain),
      row("floor + runApp's records as no-op local activities", floorRecords),
      [
        'P1: completed / floor (goal <= 1.0x)',
        `${(percentile(completed, 50) / percentile(floorPlain, 50)).toFixed(2)}x`,
        `${(percentile(completed, 95) / percentile(floorPlain, 95)).toFixed(2)}x`,
      ],
      row(
        'completed -> /wait returns',
        runs.map((r) => r.toWait),
      ),
      row(
        'completed -> SSE complete event',
        runs.map((r) => r.toSse),
      ),
    ];
    const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
    const line = (r: string[]) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
    console.log(
      `\nAtelier run path (${config.TEMPORAL_NAMESPACE} namespace, in-memory dev server, PostgreSQL, pg bus)\n`,
    );
    console.log(line(table[0]));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    table.slice(1).forEach((r) => console.log(line(r)));
    const bareMedian = percentile(bareRps, 50);
    const getMedian = percentile(getRps, 50);
    const rps = (values: number[]) => values.map((v) => v.toFixed(0)).join(' / ');
    console.log(
      `\nreads at 32 connections, ${CANNON_ROUNDS} alternating rounds of ${CANNON_SECONDS} s, autocannon in the same process`,
    );
    console.log(
      `  bare Koa route      ${bareMedian.toFixed(0).padStart(6)} req/s (median; rounds ${rps(bareRps)})`,
    );
    console.log(
      `  GET /v1/runs/{id}   ${getMedian.toFixed(0).padStart(6)} req/s (median; rounds ${rps(getRps)})`,
    );
    console.log(`  P2: GET run / bare  ${(getMedian / bareMedian).toFixed(3)} (goal >= 0.6)`);
    const load = loadavg()[0];
    console.log(
      `\n1-min load average ${loadAtStart.toFixed(1)} at start, ${load.toFixed(1)} at end, on ${cpus().length} cores${Math.max(load, loadAtStart) > cpus().length ? ': the machine was busy; compare ratios, not absolute numbers' : ''}`,
    );
    console.log(`\ntotal ${((performance.now() - began) / 1000).toFixed(1)} s`);
  } finally {
    floorWorker.shutdown();
    await floorRunning;
    await floorConnection.close();
    await workers.shutdown();
    await api.close();
    await engine.close();
    await services.close();
    await temporal.stop();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
