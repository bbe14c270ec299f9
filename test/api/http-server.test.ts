import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApiHttpServer, HTTP_SERVER_LIMITS } from '../../api/http-server';
import { HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS } from '../../core/limits';

/** Sends raw bytes and resolves with everything the server wrote once it closes the connection. */
function rawExchange(server: Server, bytes: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('createApiHttpServer', () => {
  let server: Server;
  beforeAll(async () => {
    // Reads the whole body before answering, as the body parser does.
    server = createApiHttpServer(
      (req, res) => {
        req.resume();
        req.on('end', () => res.end('read'));
      },
      { headersTimeoutMs: 300, requestTimeoutMs: 600 },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('answers 408 and hangs up on a body shorter than its Content-Length, instead of holding the connection 309 s', async () => {
    const answer = await rawExchange(
      server,
      'POST /v1/content/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"brief":',
    );

    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  test('hangs up on headers that never end', async () => {
    const answer = await rawExchange(server, 'GET /v1/apps HTTP/1.1\r\nHost: x\r\n');

    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  test('the API server waits at most 15 s for headers and 30 s for a whole request', () => {
    const real = createApiHttpServer(() => undefined);

    expect(HTTP_SERVER_LIMITS).toEqual({ headersTimeoutMs: 15_000, requestTimeoutMs: 30_000 });
    expect(real.headersTimeout).toBe(HTTP_HEADERS_TIMEOUT_MS);
    expect(real.requestTimeout).toBe(HTTP_REQUEST_TIMEOUT_MS);
  });
});
