import { Connection } from '@temporalio/client';
import { guardedChildCount } from '../../scripts/child-guard';
import { devServerArgs, startTemporalDevServer, type DevServer } from '../../scripts/dev-server';
import { isPortTaken } from '../../scripts/free-port';
import { findTemporalCli } from '../../scripts/temporal-cli';
import { isAlive } from '../support/processes';

// temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD; @temporalio/proto is not a direct dependency.
const KEYWORD = 2;

async function customSearchAttributes(address: string): Promise<Record<string, unknown>> {
  const connection = await Connection.connect({ address });
  try {
    const response = await connection.operatorService.listSearchAttributes({ namespace: 'default' });
    return { ...response.customAttributes };
  } finally {
    await connection.close();
  }
}

describe('devServerArgs', () => {
  const base = { cliPath: 'temporal', port: 7300, namespace: 'ns' };

  it('binds to loopback, registers the search attributes and enables eager activities', () => {
    expect(devServerArgs(base)).toEqual([
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      '7300',
      '--namespace',
      'ns',
      '--ui-port',
      '8300',
      '--search-attribute',
      'workspaceId=Keyword',
      '--search-attribute',
      'appId=Keyword',
      '--dynamic-config-value',
      'system.enableActivityEagerExecution=true',
      '--log-level',
      'warn',
    ]);
  });

  it('runs headless when uiPort is null and persists to dbFile when given', () => {
    const args = devServerArgs({ ...base, uiPort: null, dbFile: '/tmp/t.db', logLevel: 'error' });
    expect(args).toEqual(
      expect.arrayContaining(['--headless', '--db-filename', '/tmp/t.db', '--log-level', 'error']),
    );
    expect(args).not.toContain('--ui-port');
  });

  it('uses an explicit uiPort', () => {
    expect(devServerArgs({ ...base, uiPort: 9999 })).toEqual(expect.arrayContaining(['--ui-port', '9999']));
  });
});

describe('startTemporalDevServer', () => {
  const cliPath = findTemporalCli({ TEMPORAL_CLI_PATH: undefined });
  let server: DevServer | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('answers on the returned address with workspaceId and appId registered as Keyword', async () => {
    server = await startTemporalDevServer({ cliPath, uiPort: null, namespace: 'default' });

    expect(server.address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(server.uiUrl).toBeNull();
    expect(await customSearchAttributes(server.address)).toMatchObject({
      workspaceId: KEYWORD,
      appId: KEYWORD,
    });
  });

  it('leaves no process and no exit handlers behind after stop()', async () => {
    const sigintListeners = process.listenerCount('SIGINT');
    const exitListeners = process.listenerCount('exit');
    server = await startTemporalDevServer({ cliPath, uiPort: null, namespace: 'default' });
    const { pid } = server;
    expect(isAlive(pid)).toBe(true);
    expect(process.listenerCount('SIGINT')).toBe(sigintListeners + 1);

    await server.stop();
    await server.stop();

    expect(isAlive(pid)).toBe(false);
    expect(guardedChildCount()).toBe(0);
    expect(process.listenerCount('SIGINT')).toBe(sigintListeners);
    expect(process.listenerCount('exit')).toBe(exitListeners);
  });

  it('serves the Web UI at uiUrl, on a free port of its own when no port is given', async () => {
    server = await startTemporalDevServer({ cliPath, namespace: 'default' });

    expect(server.uiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.uiUrl).not.toBe(`http://${server.address}`);
    const response = await fetch(server.uiUrl!);
    expect(response.status).toBe(200);
  });

  it('fails with EADDRINUSE, not with another server mistaken for its own, when its port is taken', async () => {
    server = await startTemporalDevServer({ cliPath, uiPort: null, namespace: 'default' });
    const takenPort = Number(server.address.split(':')[1]);

    const err = await startTemporalDevServer({
      cliPath,
      port: takenPort,
      uiPort: null,
      namespace: 'default',
    }).then(
      () => undefined,
      (e: unknown) => e,
    );

    // freePort() races other processes (CI flake "bind: address already in use"): this is the error
    // that makes a start without a port try fresh ones.
    expect(err).toMatchObject({
      code: 'EADDRINUSE',
      message: expect.stringMatching(/address already in use/),
    });
    expect(isPortTaken(err)).toBe(true);
    expect(guardedChildCount()).toBe(1);
  });

  it('fails with the server output when the server exits before answering', async () => {
    const start = startTemporalDevServer({
      cliPath,
      uiPort: null,
      namespace: 'default',
      dbFile: '/nonexistent/dir/t.db',
    });

    await expect(start).rejects.toThrow(/exited .* before answering[\s\S]*temporal output/);
    expect(guardedChildCount()).toBe(0);
  });

  it('fails clearly when the CLI cannot be spawned', async () => {
    const start = startTemporalDevServer({
      cliPath: '/nonexistent/temporal',
      uiPort: null,
      namespace: 'default',
    });

    await expect(start).rejects.toThrow(/spawn error: .*ENOENT/);
  });
});
