import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { STREAM_PING_MS, STREAM_RECONNECT_MS, STREAM_TIMEOUT_MS } from '../../core/limits';
import type { RunView } from '../../core/run/present-run';
import { isTerminal } from '../../core/run/run-status';
import { watchRunChanges, type RunFeed } from '../commands/follow-run';
import type { NodeEvent } from '../../core/run/node-events';

export interface StreamOptions extends RunFeed {
  pingMs?: number;
  timeoutMs?: number;
  /** Aborted when the server stops: the stream sends a last `timeout` with `retry:` and ends. */
  draining?: AbortSignal;
}

/** What our ids look like; anything else in Last-Event-ID is ignored (the client gets the snapshot). */
const LAST_EVENT_ID = /^[\w.-]{1,64}$/;

/** Names a snapshot of the Run: the same Run gives the same id on every replica. */
const snapshotId = (run: RunView) =>
  `${run.revision}.${createHash('sha256').update(JSON.stringify(run)).digest('base64url').slice(0, 22)}`;

/**
 * Server-Sent Events for one run: `progress` with the full Run on every change, then `complete` or
 * `error` and the end; before them, `node.started`, `node.completed`, `node.failed` and
 * `node.awaiting_approval` for each node that changed; `ping` every 15 s; `timeout` after 10 minutes.
 * Changes are pushed from the bus.
 * Every event carries `id:`, the snapshot the client holds. A client that reconnects with Last-Event-ID
 * resumes from the current snapshot: no `progress` while it is the one the client has. When the server
 * stops, the stream ends with a `timeout` event that asks for a reconnection (`retry:`).
 */
export async function streamRun(ctx: Context, runId: string, options: StreamOptions): Promise<void> {
  const stream = new PassThrough();
  let lastId = LAST_EVENT_ID.test(ctx.get('last-event-id')) ? ctx.get('last-event-id') : '';
  const send = (event: string, data: unknown, extra = '') =>
    stream.write(
      `${extra}${lastId ? `id: ${lastId}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
    );
  let closed = false;

  const close = () => {
    if (closed) return;
    closed = true;
    watch.stop();
    clearInterval(ping);
    clearTimeout(timeout);
    options.draining?.removeEventListener('abort', drain);
    stream.end();
  };
  // Pings start once the first snapshot is out: a stream always opens on the run's state.
  let ping: ReturnType<typeof setInterval> | undefined;
  const startPings = () => {
    ping ??= setInterval(() => send('ping', Date.now()), options.pingMs ?? STREAM_PING_MS);
  };
  const publish = (run: RunView, nodes: NodeEvent[]) => {
    if (closed) return;
    const id = snapshotId(run);
    const changed = id !== lastId;
    lastId = id;
    for (const event of nodes) send(event.type, event.data);
    if (isTerminal(run.status)) {
      send(run.status === 'completed' ? 'complete' : 'error', run);
      close();
    } else if (changed) send('progress', run);
    startPings();
  };
  const drain = () => {
    if (closed) return;
    send(
      'timeout',
      { message: 'The server is restarting; reconnect with Last-Event-ID to resume, or use /wait' },
      `retry: ${STREAM_RECONNECT_MS}\n`,
    );
    close();
  };
  const watch = watchRunChanges(options, runId, publish, close);
  const timeout = setTimeout(() => {
    send('timeout', { message: 'Stream closed after 10 minutes; reconnect or use /wait' });
    close();
  }, options.timeoutMs ?? STREAM_TIMEOUT_MS);
  ctx.req.on('close', close);

  ctx.status = 200;
  ctx.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  ctx.body = stream;
  stream.write(': connected\n\n');
  if (options.draining?.aborted) return drain();
  options.draining?.addEventListener('abort', drain, { once: true });
  watch.refresh();
}
