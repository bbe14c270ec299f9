import net from 'node:net';

/**
 * A TCP port on `host` that nothing listens on right now (the OS picks it). Only right now: another
 * process may take it before the caller binds it, so a server started on it goes through onFreePorts.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('The OS gave no port'))));
    });
  });
}

/** Whether a start failed because a port was taken: EADDRINUSE, or a child's "address already in use". */
export function isPortTaken(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  return e?.code === 'EADDRINUSE' || /EADDRINUSE|address already in use/i.test(String(e?.message ?? ''));
}

export interface FreePortsOptions {
  /** Starts in all, the first included. */
  attempts?: number;
  /** Where ports come from; freePort() unless a test says otherwise. */
  pick?: () => Promise<number>;
}

const DEFAULT_ATTEMPTS = 5;

/**
 * Starts a server on `count` distinct ports from freePort(), and again on fresh ones while the start
 * fails because a port was taken in between (a CI run under load failed with "bind: address already in
 * use", issue 12 item 15). For servers that must be told their ports up front, like the Temporal dev
 * server; a server that can bind port 0 and report its port needs none of this.
 */
export async function onFreePorts<T>(
  count: number,
  start: (ports: number[]) => Promise<T>,
  options: FreePortsOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const ports = await distinctPorts(count, options.pick ?? freePort);
    try {
      return await start(ports);
    } catch (err) {
      if (attempt >= attempts || !isPortTaken(err)) throw err;
    }
  }
}

async function distinctPorts(count: number, pick: () => Promise<number>): Promise<number[]> {
  const ports = new Set<number>();
  for (let picks = 0; ports.size < count; picks++) {
    if (picks >= count * 10) throw new Error(`Could not find ${count} distinct free ports`);
    ports.add(await pick());
  }
  return [...ports];
}
