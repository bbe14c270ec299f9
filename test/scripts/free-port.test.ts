import net from 'node:net';
import { freePort, isPortTaken, onFreePorts } from '../../scripts/free-port';

/** Listens on `port` like a server that was told its port, and fails the way such a server fails. */
function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('onFreePorts', () => {
  let squatter: net.Server;
  let takenPort: number;

  beforeAll(async () => {
    squatter = await listen(0);
    takenPort = (squatter.address() as net.AddressInfo).port;
  });

  afterAll(() => close(squatter));

  test('starts again on fresh ports when another process took a chosen port first (CI flake)', async () => {
    const picks = [takenPort];
    const pick = () => Promise.resolve(picks.shift() ?? freePort());
    const tried: number[][] = [];

    const server = await onFreePorts(
      1,
      (ports) => {
        tried.push(ports);
        return listen(ports[0]);
      },
      { pick },
    );

    expect(tried).toHaveLength(2);
    expect(tried[0]).toEqual([takenPort]);
    expect((server.address() as net.AddressInfo).port).toBe(tried[1][0]);
    await close(server);
  });

  test('gives distinct ports to a server that needs several', async () => {
    const picks = [4000, 4000, 4001];

    const ports = await onFreePorts(2, (p) => Promise.resolve(p), {
      pick: () => Promise.resolve(picks.shift()!),
    });

    expect(ports).toEqual([4000, 4001]);
  });

  test('does not retry a failure that is not a taken port', async () => {
    const start = jest.fn().mockRejectedValue(new Error('spawn error: ENOENT'));

    await expect(onFreePorts(1, start)).rejects.toThrow('ENOENT');
    expect(start).toHaveBeenCalledTimes(1);
  });

  test('gives up after the last attempt with the bind error', async () => {
    const start = jest
      .fn()
      .mockRejectedValue(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }));

    await expect(onFreePorts(1, start, { attempts: 3 })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(start).toHaveBeenCalledTimes(3);
  });
});

describe('isPortTaken', () => {
  test.each([
    [{ code: 'EADDRINUSE' }, true],
    [new Error('listen tcp 127.0.0.1:7233: bind: address already in use'), true],
    [new Error('[Errno 98] Address already in use'), true],
    [new Error('spawn error: ENOENT'), false],
    [undefined, false],
  ])('%p -> %p', (err, taken) => {
    expect(isPortTaken(err)).toBe(taken);
  });
});
