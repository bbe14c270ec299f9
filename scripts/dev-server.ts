import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Connection } from '@temporalio/client';
import { guardChild } from './child-guard';
import { onFreePorts } from './free-port';

/** Search attributes Atelier's workflows are started with; operators filter runs by them in the Web UI. */
export const CUSTOM_SEARCH_ATTRIBUTES = { workspaceId: 'Keyword', appId: 'Keyword' } as const;

export type DevServerLogLevel = 'debug' | 'info' | 'warn' | 'error' | 'never';

export interface DevServerOptions {
  cliPath: string;
  /** Frontend port; omitted means a free one, chosen again if another process takes it first. */
  port?: number;
  namespace: string;
  /** SQLite file for state that survives restarts; in memory when omitted. */
  dbFile?: string;
  /**
   * Web UI port; `null` runs headless; omitted means port + 1000 (the CLI default), or a free port
   * when `port` is omitted too.
   */
  uiPort?: number | null;
  logLevel?: DevServerLogLevel;
  startTimeoutMs?: number;
}

export interface DevServer {
  address: string;
  uiUrl: string | null;
  pid: number;
  /** Settles when the server process has exited, for whatever reason. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const DEFAULT_START_TIMEOUT_MS = 30_000;
const KILL_AFTER_MS = 5_000;
const OUTPUT_TAIL_CHARS = 4_000;
/** A CLI that prints no "Server: host:port" line counts as ours once it has lived this long and answers. */
const UNANNOUNCED_READY_MS = 5_000;

type PortedOptions = DevServerOptions & { port: number };

/** The `temporal` arguments for `startTemporalDevServer`, exported for tests. */
export function devServerArgs(options: PortedOptions): string[] {
  const args = [
    'server',
    'start-dev',
    '--ip',
    HOST,
    '--port',
    String(options.port),
    '--namespace',
    options.namespace,
  ];
  if (options.dbFile !== undefined) args.push('--db-filename', options.dbFile);
  if (options.uiPort === null) args.push('--headless');
  else args.push('--ui-port', String(options.uiPort ?? options.port + 1000));
  for (const [name, type] of Object.entries(CUSTOM_SEARCH_ATTRIBUTES))
    args.push('--search-attribute', `${name}=${type}`);
  args.push('--dynamic-config-value', 'system.enableActivityEagerExecution=true');
  args.push('--log-level', options.logLevel ?? 'warn');
  return args;
}

/**
 * Starts `temporal server start-dev` as a child process and resolves once its frontend answers for
 * `namespace`. The child is ended if this process exits or receives SIGINT/SIGTERM. A port that is
 * taken fails with code EADDRINUSE; without a `port`, the start is retried on fresh ports then.
 */
export async function startTemporalDevServer(options: DevServerOptions): Promise<DevServer> {
  if (options.port !== undefined) return startOnPorts({ ...options, port: options.port });
  const freeUi = options.uiPort === undefined;
  return onFreePorts(freeUi ? 2 : 1, ([port, uiPort]) =>
    startOnPorts({ ...options, port, uiPort: freeUi ? uiPort : options.uiPort }),
  );
}

async function startOnPorts(options: PortedOptions): Promise<DevServer> {
  const child = spawn(options.cliPath, devServerArgs(options), { stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = captureOutputTail(child);
  const announced = watchForAnnouncement(child, options.port);
  const exited = exitOf(child);
  guardChild(child);
  const address = `${HOST}:${options.port}`;
  const stop = () => stopChild(child, exited);
  try {
    await waitUntilReady(
      child,
      { address, namespace: options.namespace, announced },
      options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
    );
  } catch (err) {
    await stop();
    const output = tail();
    throw Object.assign(
      new Error(`${(err as Error).message}\n--- temporal output (tail) ---\n${output}`, { cause: err }),
      /address already in use/i.test(output) ? { code: 'EADDRINUSE' } : {},
    );
  }
  const uiPort = options.uiPort === null ? null : (options.uiPort ?? options.port + 1000);
  return {
    address,
    uiUrl: uiPort === null ? null : `http://${HOST}:${uiPort}`,
    pid: child.pid ?? 0,
    exited,
    stop,
  };
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // A spawn failure (ENOENT, EACCES) emits 'error' and possibly no 'exit'.
    child.once('error', () => resolve());
  });
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null || child.pid === undefined;
}

function captureOutputTail(child: ChildProcess): () => string {
  let text = '';
  const append = (chunk: Buffer | string) => {
    text = (text + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  child.on('error', (err) => append(`spawn error: ${err.message}\n`));
  return () => text;
}

/**
 * Whether the child has said it serves on `port` ("Temporal Server:  localhost:7233"). The CLI says so
 * only once its own frontend is up; without it, an answer on the port may come from another server that
 * took the port first (two test suites at once), while our child is about to fail its bind.
 */
function watchForAnnouncement(child: ChildProcess, port: number): () => boolean {
  let seen = false;
  let text = '';
  const line = new RegExp(`Server:\\s+\\S*:${port}\\b`);
  const read = (chunk: Buffer | string) => {
    if (seen) return;
    text = (text + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
    seen = line.test(text);
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const started = Date.now();
  return () => seen || Date.now() - started >= UNANNOUNCED_READY_MS;
}

async function waitUntilReady(
  child: ChildProcess,
  server: { address: string; namespace: string; announced: () => boolean },
  timeoutMs: number,
): Promise<void> {
  const { address, namespace, announced } = server;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasExited(child)) {
      throw new Error(
        `The Temporal dev server exited (${child.exitCode ?? child.signalCode ?? 'spawn failed'}) before answering.`,
      );
    }
    if (announced() && (await answers(address, namespace))) return;
    if (Date.now() >= deadline)
      throw new Error(`The Temporal dev server did not answer on ${address} within ${timeoutMs} ms.`);
    await sleep(200);
  }
}

/** True when the frontend accepts a connection and knows the namespace. */
async function answers(address: string, namespace: string): Promise<boolean> {
  const connection = Connection.lazy({ address, connectTimeout: 1_000 });
  try {
    await connection.ensureConnected();
    await connection.workflowService.describeNamespace({ namespace });
    return true;
  } catch {
    return false;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (hasExited(child)) return exited;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  try {
    await exited;
  } finally {
    clearTimeout(killer);
  }
}
