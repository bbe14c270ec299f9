import http from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
  /** The event's `id:`, when it has one. */
  id?: string;
  /** The event's `retry:` in ms, when it has one. */
  retry?: number;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Resolves once `count` events have arrived. */
  received(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** The client hangs up. */
  abort(): void;
}

/** One event block of a Server-Sent Events stream; comment lines (`: …`) are dropped. */
function parseBlock(block: string): SseEvent | undefined {
  const fields = new Map<string, string>();
  for (const line of block.split('\n').filter((l) => !l.startsWith(':'))) {
    const colon = line.indexOf(': ');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 2));
  }
  const event = fields.get('event');
  if (event === undefined) return undefined;
  const data = fields.get('data');
  return {
    event,
    data: data === undefined ? undefined : JSON.parse(data),
    ...(fields.has('id') ? { id: fields.get('id') } : {}),
    ...(fields.has('retry') ? { retry: Number(fields.get('retry')) } : {}),
  };
}

/**
 * Reads a Server-Sent Events response with node's http client, as a browser's EventSource would.
 * `check` sees every event as it arrives (a contract check: test/support/contract.ts).
 */
export function openStream(
  url: string,
  headers: Record<string, string>,
  check?: (event: SseEvent) => void,
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const waiters: (() => void)[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) {
            check?.(event);
            events.push(event);
          }
        }
        waiters.splice(0).forEach((w) => w());
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      resolve({
        status: res.statusCode!,
        headers: res.headers,
        events,
        ended,
        async received(count, timeoutMs = 30_000) {
          const deadline = Date.now() + timeoutMs;
          while (events.length < count) {
            if (Date.now() > deadline)
              throw new Error(
                `only ${events.length} of ${count} events: ${events.map((e) => e.event).join(', ')}`,
              );
            await Promise.race([
              new Promise<void>((w) => waiters.push(w)),
              ended,
              new Promise((r) => setTimeout(r, 100)),
            ]);
          }
          return events;
        },
        abort: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}
