import { Connection } from '@temporalio/client';
import { guardedChildCount } from '../../scripts/child-guard';
import { devServerArgs, startTemporalDevServer, type DevServer } from '../../scripts/dev-server';
import { freePort } from '../../scripts/free-port';
import { findTemporalCli } from '../../scripts/temporal-cli';

// temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD; @temporalio/proto is not a direct dependency.
const KEYWORD = 2;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

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
    server = await startTemporalDevServer({
      cliPath,
      port: await freePort(),
      uiPort: null,
      namespace: 'default',
    });

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
    server = await startTemporalDevServer({
      cliPath,
      port: await freePort(),
      uiPort: null,
      namespace: 'default',
    });
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

  it('serves the Web UI at uiUrl when a uiPort is given', async () => {
    const uiPort = await freePort();
    server = await startTemporalDevServer({ cliPath, port: await freePort(), uiPort, namespace: 'default' });

    expect(server.uiUrl).toBe(`http://127.0.0.1:${uiPort}`);
    const response = await fetch(server.uiUrl!);
    expect(response.status).toBe(200);
  });

  it('fails with the server output when the server exits before answering', async () => {
    const port = await freePort();
    const start = startTemporalDevServer({
      cliPath,
      port,
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
      port: await freePort(),
      uiPort: null,
      namespace: 'default',
    });

    await expect(start).rejects.toThrow(/spawn error: .*ENOENT/);
  });
});
