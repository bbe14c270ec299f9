import net from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../core/config';
import { installRuntimeLogging } from './runtime-logging';

/** Fresh ports tried when another process takes the one just found free. */
const AUTO_ATTEMPTS = 5;

let installing: Promise<string | null> | undefined;

/**
 * Installs the Temporal runtime (worker/runtime-logging.ts) with Core's Prometheus exporter where
 * TEMPORAL_METRICS_ADDRESS says, and resolves to the host:port it serves on (null: `off`). The runtime is
 * installed once per process, before any connection: later calls get the first answer.
 *
 * `auto` takes a loopback port the OS reports free. Core binds it itself and cannot be told to bind port 0
 * and say which it got, so another process may take the port in between: then the install fails with
 * "address already in use" and is tried again on a fresh port. An address given explicitly is not retried.
 */
export function installRuntime(config: Pick<Config, 'TEMPORAL_METRICS_ADDRESS'>, logger: Logger) {
  installing ??= install(config.TEMPORAL_METRICS_ADDRESS, logger);
  return installing;
}

async function install(setting: string, logger: Logger): Promise<string | null> {
  if (setting === 'off') {
    installRuntimeLogging(logger);
    return null;
  }
  if (setting !== 'auto') {
    installRuntimeLogging(logger, prometheusAt(setting));
    return setting;
  }
  for (let attempt = 1; ; attempt++) {
    const address = `127.0.0.1:${await freeLoopbackPort()}`;
    try {
      installRuntimeLogging(logger, prometheusAt(address));
      return address;
    } catch (err) {
      if (attempt >= AUTO_ATTEMPTS || !/address already in use/i.test(String(err))) throw err;
    }
  }
}

/** Core's defaults keep the series names of Temporal's SDK dashboards (durations in milliseconds). */
const prometheusAt = (bindAddress: string) => ({ prometheus: { bindAddress } });

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
