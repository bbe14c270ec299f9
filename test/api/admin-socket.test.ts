import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findKey } from '../../adapters/db/api-keys';
import { openDatabase, type DatabaseHandle } from '../../adapters/db/connect';
import { adminSocketPath, claimDataDir, type DataDirClaim } from '../../adapters/db/data-dir-lock';
import { prepareDatabase } from '../../adapters/db/prepare';
import {
  AdminCommandError,
  sendAdminCommand,
  startAdminSocket,
  type AdminSocket,
} from '../../api/admin-socket';
import { runCliCommand } from '../../scripts/cli-commands';
import { lastLine, runCli } from '../support/cli';
import { createTestDatabase, type TestDatabase } from '../support/database';

/** Sends raw text and collects `count` reply lines. */
function exchange(socketPath: string, text: string, count: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const conn = createConnection(socketPath, () => conn.write(text));
    let buffer = '';
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n').filter(Boolean);
      if (buffer.endsWith('\n') && lines.length === count) {
        conn.end();
        resolve(lines.map((l) => JSON.parse(l)));
      }
    });
    conn.on('error', reject);
  });
}

describe('startAdminSocket', () => {
  let dir: string;
  let socket: AdminSocket | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atelier-admin-'));
  });
  afterEach(async () => {
    await socket?.close();
    socket = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  test('answers each JSON line with the handler result and only the owner may open the socket (0600)', async () => {
    socket = await startAdminSocket({
      socketPath: join(dir, 'admin.sock'),
      handle: async (command) => ({ echoed: command }),
    });

    const mode = (await stat(socket.path)).mode & 0o777;
    const replies = await exchange(socket.path, '{"a":1}\n\n{"b":2}\n', 2);

    expect(mode).toBe(0o600);
    expect(replies).toEqual([
      { ok: true, result: { echoed: { a: 1 } } },
      { ok: true, result: { echoed: { b: 2 } } },
    ]);
  });

  test('a handler error and invalid JSON are answered with ok false; sendAdminCommand throws AdminCommandError', async () => {
    socket = await startAdminSocket({
      socketPath: join(dir, 'admin.sock'),
      handle: async () => {
        throw new Error('no such workspace');
      },
    });

    const replies = await exchange(socket.path, 'not json\n', 1);
    const sent = sendAdminCommand(socket.path, { command: 'keys.list' });

    expect(replies).toEqual([{ ok: false, error: 'invalid JSON' }]);
    await expect(sent).rejects.toThrow(new AdminCommandError('no such workspace'));
  });

  test('a stale socket file is replaced, a live one is refused, and close removes the file', async () => {
    const path = join(dir, 'admin.sock');
    await writeFile(path, '');
    socket = await startAdminSocket({ socketPath: path, handle: async () => 'first' });

    const second = startAdminSocket({ socketPath: path, handle: async () => 'second' });

    await expect(second).rejects.toThrow(`another process already serves ${path}`);
    expect(await sendAdminCommand(path, {})).toBe('first');
    await socket.close();
    socket = undefined;
    await expect(stat(path)).rejects.toThrow('ENOENT');
  });

  test('a path too long for a Unix socket is refused with a hint', async () => {
    const path = join(dir, 'x'.repeat(120), 'admin.sock');

    await expect(startAdminSocket({ socketPath: path, handle: async () => null })).rejects.toThrow(
      'use a shorter data folder',
    );
  });
});

describe('scripts/cli.ts while the service holds the data folder', () => {
  let dataDir: string;
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let claim: DataDirClaim;
  let socket: AdminSocket;

  // This process plays the service: it claims the folder and serves the CLI's commands on its database.
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atelier-held-'));
    testDb = await createTestDatabase();
    database = await openDatabase({ url: testDb.url, poolSize: 2 });
    await prepareDatabase(database.db);
    claim = claimDataDir(dataDir, { apiUrl: 'http://127.0.0.1:9' });
    socket = await startAdminSocket({
      socketPath: adminSocketPath(dataDir),
      handle: (command) => runCliCommand(database.db, command),
    });
  });
  afterAll(async () => {
    await socket.close();
    claim.release();
    await database.close();
    await testDb.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = () => ({ DATABASE_URL: undefined, ATELIER_DATA_DIR: dataDir });

  test('keys create goes through the admin socket and the key works in the service database', async () => {
    const run = await runCli(['keys', 'create', '--workspace', 'held', '--role', 'member'], env());

    expect(run.code).toBe(0);
    expect((await findKey(database.db, lastLine(run.stdout)))?.role).toBe('member');
  });

  test('a command the service refuses is reported as the CLI error', async () => {
    const run = await runCli(['keys', 'revoke', 'atl_nothing'], env());

    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: no active key has the id or prefix "atl_nothing"\n',
    });
  });

  test('a service that holds the folder but has no admin socket gives a clear error', async () => {
    const silent = await mkdtemp(join(tmpdir(), 'atelier-silent-'));
    const silentClaim = claimDataDir(silent);
    try {
      const run = await runCli(['keys', 'list'], { DATABASE_URL: undefined, ATELIER_DATA_DIR: silent });

      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `the service (pid ${process.pid}) holds ${silent} but does not answer on its admin socket`,
      );
    } finally {
      silentClaim.release();
      await rm(silent, { recursive: true, force: true });
    }
  });
});
