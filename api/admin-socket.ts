import { mkdtemp, rename, rm, chmod } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { dirname, join } from 'node:path';

/** Replies are `{ok: true, result}` or `{ok: false, error}`, one JSON line per request line. */
export type AdminReply = { ok: true; result: unknown } | { ok: false; error: string };
export type AdminHandler = (command: unknown) => Promise<unknown>;

export interface AdminSocket {
  path: string;
  close(): Promise<void>;
}

export class AdminCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminCommandError';
  }
}

// sun_path holds 108 bytes on Linux and 104 on macOS, the terminating NUL included.
const MAX_SOCKET_PATH_BYTES = 103;
const MAX_LINE_CHARS = 64 * 1024;

/**
 * Serves admin commands on a Unix socket, so the CLI can act on a database only this process may open.
 * 1. Refuse when another live process already answers on the path.
 * 2. Bind inside a fresh private folder (0700), chmod the socket to 0600, then rename it into place:
 *    the socket is never reachable by others, not even for an instant before the chmod.
 * 3. Each connection sends JSON lines; each line is handled in turn and answered with one JSON line.
 */
export async function startAdminSocket(options: {
  socketPath: string;
  handle: AdminHandler;
}): Promise<AdminSocket> {
  const { socketPath, handle } = options;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES)
    throw new Error(
      `admin socket path is longer than ${MAX_SOCKET_PATH_BYTES} bytes: ${socketPath}; use a shorter data folder`,
    );
  if (await answers(socketPath)) throw new Error(`another process already serves ${socketPath}`);

  const connections = new Set<Socket>();
  const server = createServer((conn) => {
    connections.add(conn);
    conn.on('close', () => connections.delete(conn));
    serveConnection(conn, handle);
  });
  const privateDir = await mkdtemp(join(dirname(socketPath), '.admin-'));
  try {
    const bound = join(privateDir, 's');
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(bound, () => resolve());
    });
    await chmod(bound, 0o600);
    await rename(bound, socketPath);
  } catch (err) {
    server.close();
    throw err;
  } finally {
    await rm(privateDir, { recursive: true, force: true });
  }

  return {
    path: socketPath,
    async close() {
      for (const conn of connections) conn.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

function serveConnection(conn: Socket, handle: AdminHandler): void {
  conn.setEncoding('utf8');
  conn.on('error', () => undefined);
  let buffer = '';
  let replies = Promise.resolve();
  conn.on('data', (chunk: string) => {
    buffer += chunk;
    if (buffer.length > MAX_LINE_CHARS) {
      conn.destroy();
      return;
    }
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (!line.trim()) continue;
      replies = replies
        .then(() => replyTo(line, handle))
        .then((reply) => {
          if (!conn.destroyed) conn.write(`${JSON.stringify(reply)}\n`);
        });
    }
  });
}

async function replyTo(line: string, handle: AdminHandler): Promise<AdminReply> {
  let command: unknown;
  try {
    command = JSON.parse(line);
  } catch {
    return { ok: false, error: 'invalid JSON' };
  }
  try {
    return { ok: true, result: await handle(command) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Sends one command and resolves with its result; a refused command rejects with AdminCommandError. */
export function sendAdminCommand(
  socketPath: string,
  command: unknown,
  options: { timeoutMs?: number } = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const conn = createConnection(socketPath);
    let buffer = '';
    conn.setEncoding('utf8');
    conn.setTimeout(options.timeoutMs ?? 30_000, () =>
      conn.destroy(new Error(`no reply on ${socketPath} in time`)),
    );
    conn.on('connect', () => conn.write(`${JSON.stringify(command)}\n`));
    conn.on('data', (chunk: string) => {
      buffer += chunk;
      const nl = buffer.indexOf('\n');
      if (nl < 0) return;
      conn.end();
      const reply = JSON.parse(buffer.slice(0, nl)) as AdminReply;
      if (reply.ok) resolve(reply.result);
      else reject(new AdminCommandError(reply.error));
    });
    conn.on('error', reject);
    conn.on('close', () => reject(new Error(`${socketPath} closed without a reply`)));
  });
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = createConnection(socketPath);
    conn.on('connect', () => {
      conn.destroy();
      resolve(true);
    });
    conn.on('error', () => resolve(false));
  });
}
