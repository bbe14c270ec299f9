import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** JSON and form bodies parsed; anything else as text. */
  body: unknown;
  raw: Buffer;
}

export interface FakeServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type FakeHandler = (
  req: RecordedRequest,
  baseUrl: string,
) => {
  status?: number;
  json?: unknown;
  body?: Buffer;
  type?: string;
  headers?: Record<string, string | undefined>;
};

/** A local HTTP server that speaks a provider's protocol from a handler, recording every request. */
export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let baseUrl = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const recorded = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: parseBody(text, req.headers['content-type']),
        raw: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const answer = handler(recorded, baseUrl);
      if (answer.json !== undefined) {
        res
          .writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...defined(answer.headers) })
          .end(JSON.stringify(answer.json));
      } else {
        res
          .writeHead(answer.status ?? 200, {
            'content-type': answer.type ?? 'application/octet-stream',
            ...defined(answer.headers),
          })
          .end(answer.body ?? Buffer.alloc(0));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function parseBody(text: string, type: string | undefined): unknown {
  if (!text) return undefined;
  if (type?.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const defined = (headers: Record<string, string | undefined> = {}) =>
  Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
