import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { testTemporalAddress } from '../support/temporal';

const ROOT = join(__dirname, '..', '..');

interface LogLine {
  msg?: string;
  url?: string;
  taskQueues?: string[];
}

/** worker/main.ts as a deployment runs it, its JSON log lines collected as they come. */
function startWorkerProcess(env: Record<string, string>): { child: ChildProcess; lines: LogLine[] } {
  // Node itself, not npx: the signals the test sends must reach the worker.
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop()!;
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part) as LogLine);
  });
  child.stderr!.resume();
  return { child, lines };
}

async function lineWith(lines: LogLine[], msg: string, timeoutMs = 90_000): Promise<LogLine> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = lines.find((l) => l.msg === msg);
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no "${msg}" log line within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('worker/main.ts', () => {
  let database: TestDatabase;
  let worker: { child: ChildProcess; lines: LogLine[] } | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGKILL');
      await exitOf(worker.child);
    }
    await database.drop();
  });

  test('polls only the queues WORKER_QUEUES names and answers its probes on HEALTH_PORT, then stops on SIGTERM', async () => {
    const mediaQueue = `probe-media-${process.pid}`;
    worker = startWorkerProcess({
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: testTemporalAddress(),
      TASK_QUEUE: `probe-main-${process.pid}`,
      MEDIA_TASK_QUEUE: mediaQueue,
      WORKER_QUEUES: 'media',
      HEALTH_PORT: '0',
      TEMPORAL_METRICS_ADDRESS: 'off',
    });

    const running = await lineWith(worker.lines, 'worker running');
    const { url } = await lineWith(worker.lines, 'health probes listening');
    const live = await fetch(`${url}/healthz`);
    const ready = await fetch(`${url}/readyz`);

    expect(running.taskQueues).toEqual([mediaQueue]);
    expect(live.status).toBe(200);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', temporal: 'ok' } });

    worker.child.kill('SIGTERM');
    expect(await exitOf(worker.child)).toBe(0);
  }, 120_000);
});
