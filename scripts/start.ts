import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig, ConfigError, type Config } from '../core/config';
import { createLogger } from '../adapters/logger';
import { startTracing } from '../adapters/telemetry/tracing';
import { openServices } from '../adapters/services';
import { connectionSecurity } from '../adapters/temporal/connection-security';
import { createRunEngine } from '../adapters/temporal/run-engine';
import { startApiServer } from '../api/server';
import { startWorkers } from '../worker/start-worker';
import type { DevServer } from './dev-server';
import { startEmbeddedTemporal } from './embedded-temporal';
import { findTemporalCli } from './temporal-cli';
import { ensureDemoKey } from './demo-workspace';
import { claimDataDir, adminSocketPath } from '../adapters/db/data-dir-lock';
import { startAdminSocket } from '../api/admin-socket';
import { runCliCommand } from './cli-commands';

/**
 * The embedded default in one process group: the Temporal dev server as a child (SQLite in the data
 * folder, Web UI), the workers and the API in this process, PGlite in the data folder.
 * TEMPORAL_ADDRESS and DATABASE_URL switch to external services. Ctrl-C stops everything.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const dataDir = resolve(config.ATELIER_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const logger = createLogger(config, 'atelier');
  // API and workers share this process, so one service name for both.
  const tracing = startTracing('atelier', logger);
  // PGlite is a folder only one process may open: claim it, and serve the CLI through a local socket.
  const claim = config.DATABASE_URL ? null : claimDataDir(dataDir);
  const temporal = await startTemporal(config, dataDir);
  const services = await openServices({ ...config, ATELIER_DATA_DIR: dataDir }, logger);
  const workers = await startWorkers(config, services, logger, temporal.address, { tracing });
  const engine = createRunEngine({
    address: temporal.address,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TASK_QUEUE,
    traced: tracing !== null,
    security: connectionSecurity(config),
  });
  const api = await startApiServer({ ...config, ATELIER_DATA_DIR: dataDir }, services, engine, logger, {
    temporalUiUrl: temporal.uiUrl ?? undefined,
    tracer: tracing?.tracer,
  });
  const key = await ensureDemoKey(services.database.db, dataDir, config.DEMO_WORKSPACE, config.DEMO_CREDITS);
  const admin = claim
    ? await startAdminSocket({
        socketPath: adminSocketPath(dataDir),
        handle: (command) => runCliCommand(services.database.db, command),
      })
    : null;
  claim?.update({ apiUrl: api.url });

  printBanner(api.url, key, temporal, dataDir);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await api.close().catch(() => undefined);
    await workers.shutdown().catch(() => undefined);
    await engine.close().catch(() => undefined);
    await admin?.close().catch(() => undefined);
    await services.close().catch(() => undefined);
    await tracing?.shutdown();
    await temporal.stop();
    claim?.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

async function startTemporal(
  config: Config,
  dataDir: string,
): Promise<Pick<DevServer, 'address' | 'uiUrl' | 'stop'>> {
  if (config.TEMPORAL_ADDRESS)
    return {
      address: config.TEMPORAL_ADDRESS,
      uiUrl: config.TEMPORAL_UI_URL ?? null,
      stop: async () => undefined,
    };
  return startEmbeddedTemporal({
    cliPath: findTemporalCli(config),
    port: config.TEMPORAL_PORT,
    uiPort: config.TEMPORAL_UI_PORT,
    namespace: config.TEMPORAL_NAMESPACE,
    dbFile: join(dataDir, 'temporal.sqlite'),
    say: (line) => process.stdout.write(`${line}\n`),
  });
}

function printBanner(
  url: string,
  key: string,
  temporal: Pick<DevServer, 'address' | 'uiUrl'>,
  dataDir: string,
): void {
  const lines = [
    '',
    'Atelier is running.',
    `  API:              ${url}/v1`,
    `  Console:          ${url}/console/  (sign in with the demo key)`,
    `  Demo API key:     ${key}`,
    `  Temporal:         ${temporal.address}`,
    `  Temporal Web UI:  ${temporal.uiUrl ?? '(external Temporal: see your cluster)'}`,
    `  Data folder:      ${dataDir}`,
    '',
    `  Try: curl -H "x-api-key: ${key}" ${url}/v1/apps`,
    '  Stop with Ctrl-C.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
