import net from 'node:net';
import { startTemporalDevServer, type DevServer } from './dev-server';
import { isPortTaken } from './free-port';

/** Where the embedded Temporal dev server listens unless told otherwise: the CLI's own defaults. */
export const PREFERRED_TEMPORAL_PORT = 7233;
export const PREFERRED_TEMPORAL_UI_PORT = 8233;

const HOST = '127.0.0.1';

export interface EmbeddedTemporalOptions {
  cliPath: string;
  namespace: string;
  dbFile?: string;
  /** TEMPORAL_PORT: when set, that port or nothing (a taken port fails with EADDRINUSE). */
  port?: number;
  /** TEMPORAL_UI_PORT; `null` runs headless. */
  uiPort?: number | null;
  /** The ports tried first when `port` is not set. */
  preferred?: { port: number; uiPort: number };
  /** Tells the person who started it, when the server is not where they would look for it. */
  say: (line: string) => void;
}

/**
 * The Temporal dev server `npm start` runs as a child.
 * 1. TEMPORAL_PORT set: that port (and TEMPORAL_UI_PORT, else port + 1000), or fail.
 * 2. Otherwise 7233 (and 8233 for the Web UI), as every Temporal tool expects;
 * 3. and when another process has one of them (a second `npm start`, a Temporal of its own), free ports
 *    instead, and `say` where: today's Temporal tools still look at 7233.
 */
export async function startEmbeddedTemporal(options: EmbeddedTemporalOptions): Promise<DevServer> {
  const common = { cliPath: options.cliPath, namespace: options.namespace, dbFile: options.dbFile };
  if (options.port !== undefined)
    return startTemporalDevServer({ ...common, port: options.port, uiPort: options.uiPort });
  const preferred = options.preferred ?? {
    port: PREFERRED_TEMPORAL_PORT,
    uiPort: PREFERRED_TEMPORAL_UI_PORT,
  };
  const uiPort = options.uiPort === undefined ? preferred.uiPort : options.uiPort;
  const wanted = [preferred.port, ...(uiPort === null ? [] : [uiPort])];
  if (await allFree(wanted)) {
    try {
      return await startTemporalDevServer({ ...common, port: preferred.port, uiPort });
    } catch (err) {
      // Taken between the check and the bind: go on to free ports like a port taken before.
      if (!isPortTaken(err)) throw err;
    }
  }
  const server = await startTemporalDevServer({ ...common, uiPort: options.uiPort });
  options.say(
    `Port ${wanted.join(' or ')} is taken (another Temporal, or another npm start?): the embedded Temporal ` +
      `server listens on ${server.address}${server.uiUrl ? `, its Web UI on ${server.uiUrl}` : ''}. ` +
      'Set TEMPORAL_PORT to choose the port.',
  );
  return server;
}

async function allFree(ports: number[]): Promise<boolean> {
  for (const port of ports) if (!(await isFree(port))) return false;
  return true;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}
