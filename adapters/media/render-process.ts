import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { IMAGE_RENDER_DEADLINE_MS } from '../../core/limits';
import { abortError, MediaToolError } from './media-errors';

/** A function of a module to call in a render process: `require(module)[fn](...args)`. */
export interface RenderJob {
  /** Absolute path of the module, from require.resolve. */
  module: string;
  fn: string;
  /** Structured-clone values; Buffers arrive as Buffers. */
  args: unknown[];
}

export interface RenderLimits {
  /** Wall time for the job, from the moment it is handed to a process. */
  deadlineMs?: number;
  /** The activity's cancellation: the process is killed at once. */
  signal?: AbortSignal;
}

type Reply = { ok: true; value: unknown } | { ok: false; error: { name: string; message: string } };

const CHILD_ENTRY = join(__dirname, `render-process-child${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
const MAX_IDLE = Math.min(4, availableParallelism());
const idle: ChildProcess[] = [];

/**
 * Runs sharp/librsvg work in a separate process that is killed (SIGKILL) at the deadline or on
 * cancellation. A worker thread cannot stop it: libvips runs on libuv's thread pool, which a terminated
 * thread leaves running; a render of one 102,400-character word kept two cores busy for 16 minutes after
 * its activity had failed (issue 12 item 1). Processes that finished a job are kept, up to MAX_IDLE,
 * for the next one, so the ~200 ms start is paid once.
 * Errors of the job keep their name and message (a MediaInputError stays the caller's fault); a job past
 * its deadline or a process that dies is a retryable MediaToolError; a cancelled job is an AbortError.
 */
export function renderInProcess<T>(job: RenderJob, limits: RenderLimits = {}): Promise<T> {
  const { deadlineMs = IMAGE_RENDER_DEADLINE_MS, signal } = limits;
  if (signal?.aborted) return Promise.reject(abortError());
  const child = idle.pop() ?? startProcess();
  setHeld(child, true);
  return new Promise<T>((resolve, reject) => {
    const settle = (outcome: { value: T } | { error: Error }, healthy: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      child.off('message', onMessage).off('exit', onExit).off('error', onError);
      if (healthy) release(child);
      else child.kill('SIGKILL');
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.value);
    };
    const onMessage = (reply: Reply) =>
      reply.ok ? settle({ value: reply.value as T }, true) : settle({ error: revive(reply.error) }, true);
    const onExit = (code: number | null, sig: string | null) =>
      settle({ error: new MediaToolError(`the render process exited (${sig ?? code})`) }, false);
    const onError = (err: Error) =>
      settle({ error: new MediaToolError(`the render process failed: ${err.message}`) }, false);
    const onAbort = () => settle({ error: abortError() }, false);
    const timer = setTimeout(
      () => settle({ error: new MediaToolError(`render stopped after ${deadlineMs} ms`) }, false),
      deadlineMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('message', onMessage).once('exit', onExit).once('error', onError);
    child.send(job);
  });
}

/** Source files run through tsx, as the rest of the service does (npm start, tests). */
function startProcess(): ChildProcess {
  const execArgv = CHILD_ENTRY.endsWith('.ts')
    ? ['--import', pathToFileURL(require.resolve('tsx')).href]
    : [];
  const child = fork(CHILD_ENTRY, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.once('exit', () => {
    const at = idle.indexOf(child);
    if (at >= 0) idle.splice(at, 1);
  });
  return child;
}

function release(child: ChildProcess): void {
  if (idle.length >= MAX_IDLE) {
    child.kill('SIGKILL');
    return;
  }
  setHeld(child, false);
  idle.push(child);
}

/** An idle process does not keep this one alive; it exits by itself when this one goes (disconnect). */
function setHeld(child: ChildProcess, held: boolean): void {
  if (held) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

function revive(error: { name: string; message: string }): Error {
  const err = new Error(error.message);
  err.name = error.name;
  return err;
}
