import { Client } from 'pg';
import type { Logger } from 'pino';

export interface BusListenerOptions {
  url: string;
  channel: string;
  applicationName: string;
  logger: Logger;
  onNotification(payload: string): void;
  /** A connection was re-established: notifications may have been missed meanwhile. */
  onGap(): void;
}

export interface BusListener {
  close(): Promise<void>;
}

/** Backoff between attempts at a new LISTEN connection; reset once one listens. */
export const LISTEN_RETRY_MS = { first: 250, max: 10_000 } as const;
/** A connection that does not end within this on close is destroyed: shutdown never waits on a dead socket. */
const CLOSE_DEADLINE_MS = 2000;

/**
 * The one LISTEN connection of a process. A pg Client emits 'error' twice for one termination (the server's
 * 57P01 message, then the socket's end), and each used to schedule a reconnect, so every drop doubled the
 * connections: 4 -> 8 -> 16 ... (issue 27 item 2). Here:
 * 1. a connection is current or not; only the current one's first 'error' or 'end' counts, later ones and
 *    those of old connections are ignored;
 * 2. at most one reconnect is scheduled at a time, after a backoff that doubles up to LISTEN_RETRY_MS.max;
 * 3. a lost or failed connection is ended before another is made, so at most one exists;
 * 4. close() cancels the timer, ends the connection (or the one being made) within CLOSE_DEADLINE_MS.
 */
export async function createBusListener(options: BusListenerOptions): Promise<BusListener> {
  let current: Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let delay: number = LISTEN_RETRY_MS.first;
  let closed = false;

  const lost = (client: Client, err: unknown) => {
    if (client !== current || closed) return;
    current = null;
    options.logger.warn({ err }, 'event bus connection lost; reconnecting');
    void endWithin(client, CLOSE_DEADLINE_MS);
    schedule();
  };

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void connect(true).catch(() => undefined);
    }, delay);
    delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
  };

  const connect = async (again: boolean): Promise<void> => {
    const client = new Client({ connectionString: options.url, application_name: options.applicationName });
    current = client;
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client, new Error('Connection terminated')));
    client.on('notification', (message) => {
      if (message.payload) options.onNotification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${options.channel}`);
    } catch (err) {
      // The first connection's failure is the caller's (the process does not start); a later one is retried.
      // Either way it counts once: `lost` ignores what this client reports afterwards.
      if (again) lost(client, err);
      else {
        current = null;
        void endWithin(client, CLOSE_DEADLINE_MS);
      }
      throw err;
    }
    if (closed) return void (await endWithin(client, CLOSE_DEADLINE_MS));
    delay = LISTEN_RETRY_MS.first;
    if (again) options.onGap();
  };

  await connect(false);
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const client = current;
      current = null;
      if (client) await endWithin(client, CLOSE_DEADLINE_MS);
    },
  };
}

/** Ends a client, destroying its socket if the server does not answer in time. */
async function endWithin(client: Client, ms: number): Promise<void> {
  let deadline: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    deadline = setTimeout(() => resolve('late'), ms);
  });
  const ended = await Promise.race([
    client.end().then(
      () => 'ended' as const,
      () => 'ended' as const,
    ),
    late,
  ]);
  clearTimeout(deadline);
  if (ended === 'late')
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
