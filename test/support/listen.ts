import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on a free port of 127.0.0.1, for clients that need a URL (SSE, MCP, the client). */
export async function listen(callback: RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(callback);
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
