/**
 * Admission under load: `npm run bench:load -- [--runs 500] [--database pglite|postgres] [--timeout 1800]`.
 * Starts the embedded stack in this process (the Temporal dev server as a child with its SQLite file,
 * PGlite in a temp data folder unless `--database postgres`, the workers and the API listening on a
 * port, with its run starter), fires N concurrent Run App starts of Quote Card over HTTP at once,
 * waits for every accepted run to end, and prints figures (no assertions):
 * runs/s, p50/p95 start->202 and start->completed, answers by status code, final run statuses, lost
 * runs (accepted but not completed), node RSS (peak and end) and the Temporal server's RSS.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { openServices } from '../adapters/services';
import { createRunEngine } from '../adapters/temporal/run-engine';
import { startApiServer } from '../api/server';
import { loadConfig } from '../core/config';
import { startTemporalDevServer } from '../scripts/dev-server';
import { createTestDatabase, type TestDatabase } from '../scripts/dev-stack/database';
import { seedUsers } from '../scripts/dev-stack/seed';
import { findTemporalCli } from '../scripts/temporal-cli';
import { startWorkers } from '../worker/start-worker';
import { percentile, timedBus } from './timing';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '500' },
    database: { type: 'string', default: 'pglite' },
    timeout: { type: 'string', default: '1800' },
  },
});
const RUNS = Number(args.runs);
const TIMEOUT_MS = Number(args.timeout) * 1000;

/** Resident memory of a process in MB, from /proc (Linux); NaN elsewhere. */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((counts, item) => {
    counts[key(item)] = (counts[key(item)] ?? 0) + 1;
    return counts;
  }, {});

async function main(): Promise<void> {
  const logger = pino({ level: 'error' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-bench-load-'));
  let scratch: TestDatabase | null = null;
  if (args.database === 'postgres') scratch = await createTestDatabase();
  const config = loadConfig({
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ATELIER_DATA_DIR: dataDir,
    TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH,
    PORT: '0',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const temporal = await startTemporalDevServer({
    cliPath: findTemporalCli(config),
    uiPort: null,
    namespace: config.TEMPORAL_NAMESPACE,
    dbFile: path.join(dataDir, 'temporal.sqlite'),
  });
  const services = await openServices(config, logger);
  const terminalAt = new Map<string, number>();
  services.bus = timedBus(services.bus, terminalAt);
  const users = await seedUsers(services.database.db, 1_000_000);
  const workers = await startWorkers(config, services, logger, temporal.address);
  const engine = createRunEngine({
    address: temporal.address,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TASK_QUEUE,
  });
  const api = await startApiServer(config, services, engine, logger);

  let peakRss = 0;
  let peakTemporalRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss() / 2 ** 20);
    void rssOf(temporal.pid).then((mb) => (peakTemporalRss = Math.max(peakTemporalRss, mb || 0)));
  }, 250);
  const loadAtStart = loadavg()[0];

  try {
    const headers = { 'x-api-key': users.owner.key, 'content-type': 'application/json' };
    const began = performance.now();
    const answers = await Promise.all(
      Array.from({ length: RUNS }, async (_, i) => {
        const t0 = performance.now();
        try {
          const res = await fetch(`${api.url}/v1/apps/${QUOTE_CARD}/runs`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ inputs: { quote: `Hold the line, number ${i}` } }),
          });
          const body = (await res.json()) as { data?: { runId: string }; code?: string };
          return {
            status: String(res.status),
            code: body.code,
            runId: body.data?.runId,
            t0,
            t202: performance.now(),
          };
        } catch (err) {
          return { status: `network: ${(err as Error).message}`, t0, t202: performance.now() };
        }
      }),
    );
    const accepted = answers.filter((a) => a.status === '202' && a.runId) as {
      runId: string;
      t0: number;
      t202: number;
    }[];
    const admittedAt = performance.now();

    const deadline = performance.now() + TIMEOUT_MS;
    while (accepted.some((a) => !terminalAt.has(a.runId)) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 500));
    const endedAt = performance.now();

    const rows = await services.database.db
      .selectFrom('runs')
      .select(['id', 'status'])
      .where(
        'id',
        'in',
        accepted.map((a) => a.runId),
      )
      .execute();
    const finalStatus = new Map(rows.map((r) => [r.id, r.status]));
    const completed = accepted.filter((a) => finalStatus.get(a.runId) === 'completed');
    const lost = accepted.filter((a) => finalStatus.get(a.runId) !== 'completed');
    const lastCompletion = Math.max(...completed.map((a) => terminalAt.get(a.runId) ?? 0));
    const ms = (n: number) => (Number.isNaN(n) ? '-' : `${(n / 1000).toFixed(2)} s`);
    const toAccepted = answers.map((a) => a.t202 - a.t0);
    const toCompleted = completed.map((a) => terminalAt.get(a.runId)! - a.t0);
    const codes = countBy(answers, (a) => (a.code ? `${a.status} ${a.code}` : a.status));
    const statuses = countBy(accepted, (a) => finalStatus.get(a.runId) ?? 'missing row');
    const pendingStarts = await services.database.db.selectFrom('run_starts').select('run_id').execute();
    const held = await services.database.db.selectFrom('credit_reservations').select('run_id').execute();

    const lines = [
      '',
      `Atelier under load: ${RUNS} concurrent Run App starts of Quote Card (embedded stack: ${scratch ? 'PostgreSQL' : 'PGlite'}, Temporal dev server with SQLite, workers and API in one process)`,
      '',
      `answers                 ${Object.entries(codes)
        .map(([k, v]) => `${v} x ${k}`)
        .join(', ')}`,
      `all answered in         ${ms(admittedAt - began)}`,
      `final run statuses      ${Object.entries(statuses)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
      `lost                    ${lost.length} (accepted, not completed)${endedAt >= deadline ? ` (stopped waiting after ${args.timeout} s)` : ''}`,
      `left behind             ${pendingStarts.length} unconfirmed starts, ${held.length} reservations`,
      `throughput              ${(completed.length / ((lastCompletion - began) / 1000)).toFixed(2)} runs/s completed (${completed.length} in ${ms(lastCompletion - began)})`,
      '',
      `                        p50       p95       max`,
      `start -> 202            ${[50, 95, 100].map((p) => ms(percentile(toAccepted, p)).padEnd(10)).join('')}`,
      `start -> completed      ${[50, 95, 100].map((p) => ms(percentile(toCompleted, p)).padEnd(10)).join('')}`,
      '',
      `node RSS                peak ${peakRss.toFixed(0)} MB, end ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB`,
      `Temporal server RSS     peak ${peakTemporalRss.toFixed(0)} MB`,
      `machine                 ${cpus().length} cores; 1-min load ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end`,
    ];
    console.log(lines.join('\n'));
  } finally {
    clearInterval(sampler);
    await api.close();
    await workers.shutdown();
    await engine.close();
    await services.close();
    await temporal.stop();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
