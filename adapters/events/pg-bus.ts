import { EventEmitter } from 'node:events';
import { Client, Pool } from 'pg';
import type { Logger } from 'pino';
import { busWatchers, type EventBus, type RunEvent } from './bus';

const CHANNEL = 'atelier_run_events';

/**
 * Events across processes through PostgreSQL LISTEN/NOTIFY: a worker's transitions reach every API
 * replica. One listening connection per process, re-established when it drops.
 */
export async function createPgBus(url: string, logger: Logger): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const pool = new Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  let listener: Client | null = null;
  let closed = false;
  let listened = false;
  const watchers = busWatchers();

  const connect = async (): Promise<void> => {
    const client = new Client({ connectionString: url });
    client.on('notification', (message) => {
      if (!message.payload) return;
      const event = JSON.parse(message.payload) as RunEvent;
      watchers.event(event);
      emitter.emit(event.runId, event);
    });
    client.on('error', (err) => {
      logger.warn({ err }, 'event bus connection lost; reconnecting');
      listener = null;
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    // Whatever was notified while no connection listened is lost.
    if (listened) watchers.gap();
    listened = true;
    listener = client;
  };
  await connect();

  return {
    async publish(event) {
      // This process's watchers learn it at once; every process (this one again) through the notification.
      watchers.event(event);
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe(runId, fn) {
      emitter.on(runId, fn);
      return () => emitter.off(runId, fn);
    },
    watchAll: watchers.add,
    async close() {
      closed = true;
      watchers.clear();
      emitter.removeAllListeners();
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
