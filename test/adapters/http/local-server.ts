import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  port: number;
  url: (path: string) => string;
  /** Requests seen, as "METHOD /path". */
  seen: string[];
  close: () => Promise<void>;
}

/** An HTTP server on 127.0.0.1 with a random port; routes are looked up by path without the query. */
export async function startServer(
  routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void>,
): Promise<LocalServer> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const route = routes[(req.url ?? '/').split('?')[0]];
    if (route) return route(req, res);
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    seen,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
