import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { STREAM_PING_MS, STREAM_TIMEOUT_MS } from '../../core/limits';
import type { RunView } from '../../core/run/present-run';
import { isTerminal } from '../../core/run/run-status';
import { watchRun, type RunFeed } from '../commands/follow-run';

export interface StreamOptions extends RunFeed {
  pingMs?: number;
  timeoutMs?: number;
}

/**
 * Server-Sent Events for one run: `progress` with the full Run on every change, then `complete` or
 * `error` and the end; `ping` every 15 s; `timeout` after 10 minutes. Changes are pushed from the bus.
 */
export async function streamRun(ctx: Context, runId: string, options: StreamOptions): Promise<void> {
  const stream = new PassThrough();
  const send = (event: string, data: unknown) =>
    stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let last = '';
  let closed = false;

  const close = () => {
    if (closed) return;
    closed = true;
    watch.stop();
    clearInterval(ping);
    clearTimeout(timeout);
    stream.end();
  };
  const publish = (run: RunView) => {
    if (closed) return;
    if (isTerminal(run.status)) {
      send(run.status === 'completed' ? 'complete' : 'error', run);
      close();
      return;
    }
    const snapshot = JSON.stringify(run);
    if (snapshot !== last) send('progress', run);
    last = snapshot;
  };
  const watch = watchRun(options, runId, publish, close);
  const ping = setInterval(() => send('ping', Date.now()), options.pingMs ?? STREAM_PING_MS);
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
  watch.refresh();
}
