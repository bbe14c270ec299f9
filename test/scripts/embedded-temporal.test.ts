import net from 'node:net';
import type { DevServer } from '../../scripts/dev-server';
import { startEmbeddedTemporal } from '../../scripts/embedded-temporal';
import { freePort, isPortTaken } from '../../scripts/free-port';
import { findTemporalCli } from '../../scripts/temporal-cli';

/** Another process on `port`, as a first `npm start` holds 7233. */
function squat(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('startEmbeddedTemporal', () => {
  const cliPath = findTemporalCli({ TEMPORAL_CLI_PATH: undefined });
  let server: DevServer | undefined;
  let squatter: net.Server | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
    if (squatter) await close(squatter);
    squatter = undefined;
  });

  test('a second start whose preferred port is taken listens on a free one and says where', async () => {
    const preferred = { port: await freePort(), uiPort: await freePort() };
    squatter = await squat(preferred.port);
    const said: string[] = [];

    server = await startEmbeddedTemporal({
      cliPath,
      namespace: 'default',
      preferred,
      say: (line) => said.push(line),
    });

    expect(server.address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(server.address).not.toBe(`127.0.0.1:${preferred.port}`);
    expect(server.uiUrl).not.toBe(`http://127.0.0.1:${preferred.uiPort}`);
    expect(said).toEqual([
      `Port ${preferred.port} or ${preferred.uiPort} is taken (another Temporal, or another npm start?): ` +
        `the embedded Temporal server listens on ${server.address}, its Web UI on ${server.uiUrl}. ` +
        'Set TEMPORAL_PORT to choose the port.',
    ]);
  });

  test('takes the preferred ports when they are free, without a word', async () => {
    const preferred = { port: await freePort(), uiPort: await freePort() };
    const said: string[] = [];

    server = await startEmbeddedTemporal({
      cliPath,
      namespace: 'default',
      preferred,
      say: (l) => said.push(l),
    });

    expect(server.address).toBe(`127.0.0.1:${preferred.port}`);
    expect(server.uiUrl).toBe(`http://127.0.0.1:${preferred.uiPort}`);
    expect(said).toEqual([]);
  });

  test('TEMPORAL_PORT is that port or nothing: taken, the start fails as a taken port', async () => {
    const port = await freePort();
    squatter = await squat(port);

    const start = startEmbeddedTemporal({
      cliPath,
      namespace: 'default',
      port,
      uiPort: null,
      say: () => undefined,
    });

    const err = await start.then(
      (started) => {
        server = started;
        return null;
      },
      (e: unknown) => e,
    );
    expect(isPortTaken(err)).toBe(true);
  });
});
