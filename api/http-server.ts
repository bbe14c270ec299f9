import { createServer, type RequestListener, type Server } from 'node:http';
import { HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS } from '../core/limits';

export interface HttpServerLimits {
  /** All request headers must arrive within this time. */
  headersTimeoutMs: number;
  /** The whole request, headers and body, must arrive within this time: the body read deadline. */
  requestTimeoutMs: number;
}

export const HTTP_SERVER_LIMITS: HttpServerLimits = {
  headersTimeoutMs: HTTP_HEADERS_TIMEOUT_MS,
  requestTimeoutMs: HTTP_REQUEST_TIMEOUT_MS,
};

/**
 * The API's HTTP server. A client that stops sending is answered 408 and disconnected once a deadline
 * passes: a body shorter than its Content-Length held a connection for 309 s on Node's defaults (five
 * minutes, checked every 30 s) (issue 12 item 14). Responses are not limited: SSE and /wait stay open.
 */
export function createApiHttpServer(listener: RequestListener, limits = HTTP_SERVER_LIMITS): Server {
  return createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often the deadlines are checked; Node's default (30 s) would add up to 30 s to each.
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    listener,
  );
}

/**
 * Starts `server` listening on `host:port` (port 0 takes a free one, so no other process can take it
 * in between) and returns its base URL; a server on every interface is reached through localhost.
 */
export async function listenAt(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return `http://${host === '0.0.0.0' ? 'localhost' : host}:${bound}`;
}
