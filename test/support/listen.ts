import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on a free port of 127.0.0.1, for clients that need a URL (SSE, MCP, the client). */
export async function listen(callback: RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(callback);
  // Longer than any client keeps an idle socket: on a loaded machine a client may reuse a socket just as the
  // server's default 5 s idle timer closes it, and the request fails with ECONNRESET. close() ends them all.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
