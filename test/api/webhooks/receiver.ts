import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  /** The raw bytes as they arrived, the way a customer must verify them. */
  body: string;
  headers: IncomingHttpHeaders;
  receivedAt: number;
  answered: number;
}

export interface HookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Resolves once `count` requests have arrived. */
  next(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

/**
 * A customer's webhook endpoint on 127.0.0.1: records every request and answers with the next status of
 * `statuses` (the last one repeats).
 */
export async function startHookReceiver(statuses: number[] = [200]): Promise<HookReceiver> {
  const received: ReceivedHook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answered = statuses[Math.min(received.length, statuses.length - 1)];
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
        receivedAt: Date.now(),
        answered,
      });
      res.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'no');
      for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    next(count, timeoutMs = 30_000) {
      if (received.length >= count) return Promise.resolve(received.slice(0, count));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${count} webhook requests arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received.slice(0, count));
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
