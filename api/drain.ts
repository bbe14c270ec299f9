import type { Server } from 'node:http';
import { SHUTDOWN_GRACE_MS } from '../core/limits';

/**
 * Stops an HTTP server without dropping its clients (issue 12 item 13: SIGTERM closed open `/wait` and SSE
 * connections with no response).
 * 1. Stops accepting connections; every answer from now on says `Connection: close`.
 * 2. Aborts `draining`: SSE streams send a last event with `retry:` and end, pending waits answer
 *    `{data: Run, timeout: true}` at once (api/runs/stream.ts, api/commands/follow-run.ts).
 * 3. Closes connections as they fall idle; whatever still runs after `graceMs` is cut.
 */
export async function drainServer(
  server: Server,
  draining: AbortController,
  graceMs = SHUTDOWN_GRACE_MS,
): Promise<void> {
  server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  draining.abort();
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}
