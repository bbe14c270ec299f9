import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/db/schema';
import type { EventBus } from '../../adapters/events/bus';
import { isTerminal, loadRunView, type RunView } from '../../adapters/db/run-view';
import { STREAM_PING_MS, STREAM_TIMEOUT_MS } from '../../core/limits';

export interface StreamOptions {
  db: Kysely<Database>;
  bus: EventBus;
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
  let queue = Promise.resolve();

  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
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
  // Reads are chained so events go out in the order the changes happened.
  const refresh = () => {
    queue = queue
      .then(async () => {
        const run = await loadRunView(options.db, runId);
        if (run) publish(run);
      })
      .catch(() => close());
  };

  const unsubscribe = options.bus.subscribe(runId, refresh);
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
  refresh();
}
