import { setTimeout as sleep } from 'node:timers/promises';

/**
 * SQLSTATEs of a connection the server ended or refused: admin_shutdown (pg_terminate_backend, a restart),
 * crash_shutdown, cannot_connect_now, too_many_connections, and class 08 (connection exception).
 */
const LOST_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const LOST_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const LOST_MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /Client was closed and is not queryable/,
  /terminating connection/,
];

/**
 * Whether an error says the database connection was lost or could not be made, rather than that the
 * statement was wrong: the world's failure, worth another connection (issue 27 item 1).
 */
export function isConnectionLost(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08') || LOST_ERRNOS.has(code)))
    return true;
  return typeof message === 'string' && LOST_MESSAGES.some((pattern) => pattern.test(message));
}

/** Delays between attempts at a new connection: short, so a request still answers within seconds. */
export const RECONNECT_DELAYS_MS = [100, 400, 1600] as const;

/**
 * Runs `attempt`, and again after each delay of `delaysMs` while it fails with a lost connection; any other
 * failure, or the last one, is thrown. Only for work that is safe to repeat: a connect, a read, a NOTIFY.
 */
export async function retryOnConnectionLoss<T>(
  attempt: () => Promise<T>,
  delaysMs: readonly number[] = RECONNECT_DELAYS_MS,
): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= delaysMs.length || !isConnectionLost(err)) throw err;
      await sleep(delaysMs[i]);
    }
  }
}
