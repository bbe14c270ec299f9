import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig, publicUrl, type Config } from '../core/config';
import { readDataDirOwner } from '../adapters/db/data-dir-lock';
import { openServices } from '../adapters/services';
import { connectionSecurity } from '../adapters/temporal/connection-security';
import { createRunEngine } from '../adapters/temporal/run-engine';
import { buildApiDeps } from '../api/api-deps';
import { relayStdio, serveStdio } from '../api/mcp/stdio';
import { callerFromHeaders } from '../api/middleware/auth';

/**
 * `npm run mcp`: Atelier's MCP server over stdio, for agents that start their tools as processes.
 * - With DATABASE_URL and TEMPORAL_ADDRESS (a scaled deployment), it opens them like the API does and
 *   serves the tools in this process, acting for ATELIER_API_KEY.
 * - Otherwise it relays to the /mcp of a running Atelier: ATELIER_URL, else the one running on the data
 *   folder (npm start), else PUBLIC_URL; with ATELIER_API_KEY, else the demo key of the data folder.
 * MCP_PROFILE=core offers the core profile's tools only (api/mcp/profiles.ts), as /mcp?profile=core does.
 * stdout carries the protocol: logs go to stderr.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = pino({ name: 'atelier-mcp', level: config.LOG_LEVEL }, pino.destination(2));
  const key = config.ATELIER_API_KEY ?? (await demoKey(config));
  if (config.DATABASE_URL && config.TEMPORAL_ADDRESS) {
    const services = await openServices(config, logger);
    const engine = createRunEngine({
      address: config.TEMPORAL_ADDRESS,
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: config.TASK_QUEUE,
      security: connectionSecurity(config),
    });
    const deps = buildApiDeps(config, services, engine, logger);
    await serveStdio(deps, await callerFromHeaders(deps.db, { 'x-api-key': key }), config.MCP_PROFILE);
    await engine.close();
    await services.close();
    return;
  }
  const url =
    config.ATELIER_URL ?? readDataDirOwner(resolve(config.ATELIER_DATA_DIR))?.apiUrl ?? publicUrl(config);
  logger.info({ url }, 'relaying MCP to a running Atelier');
  await relayStdio(url, key, config.MCP_PROFILE);
}

async function demoKey(config: Config): Promise<string> {
  const file = join(resolve(config.ATELIER_DATA_DIR), 'demo-api-key');
  const key = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (!key) throw new ConfigError(`mcp: set ATELIER_API_KEY (no demo key in ${file}; npm start makes one)`);
  return key;
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err instanceof ConfigError ? err.message : (err?.stack ?? err)}\n`);
    process.exit(1);
  },
);
