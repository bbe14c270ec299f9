import { EventEmitter } from 'node:events';
import { Pool } from 'pg';
import type { Logger } from 'pino';
import { retryOnConnectionLoss } from '../db/connection-loss';
import { GuardedClient } from '../db/guarded-client';
import { busWatchers, type EventBus, type RunEvent } from './bus';
import { createBusListener } from './pg-bus-listener';

const CHANNEL = 'atelier_run_events';
/** The application_name of the LISTEN connection, so an operator (and a test) can count it. */
export const BUS_LISTEN_APPLICATION = 'atelier-bus-listen';

/**
 * Events across processes through PostgreSQL LISTEN/NOTIFY: a worker's transitions reach every API
 * replica. Exactly one listening connection per process, re-established with backoff when it drops
 * (pg-bus-listener.ts); NOTIFY goes through a small pool and is sent again when its connection was lost
 * (a second notice of an event only makes listeners re-read the run).
 */
export async function createPgBus(url: string, logger: Logger): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const pool = new Pool({ connectionString: url, max: 2, Client: GuardedClient });
  pool.on('error', () => undefined);
  const watchers = busWatchers();
  let closing: Promise<void> | undefined;
  const listener = await createBusListener({
    url,
    channel: CHANNEL,
    applicationName: BUS_LISTEN_APPLICATION,
    logger,
    onNotification(payload) {
      const event = JSON.parse(payload) as RunEvent;
      watchers.event(event);
      emitter.emit(event.runId, event);
    },
    // Whatever was notified while no connection listened is lost.
    onGap: () => watchers.gap(),
  });

  return {
    async publish(event) {
      // This process's watchers learn it at once; every process (this one again) through the notification.
      watchers.event(event);
      await retryOnConnectionLoss(() =>
        pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]),
      );
    },
    subscribe(runId, fn) {
      emitter.on(runId, fn);
      return () => emitter.off(runId, fn);
    },
    watchAll: watchers.add,
    close() {
      // Once, however many stops ask (a signal during shutdown, the drain's deadline).
      closing ??= (async () => {
        watchers.clear();
        emitter.removeAllListeners();
        await listener.close();
        await pool.end();
      })();
      return closing;
    },
  };
}
