import { resolve } from 'node:path';
import type { Config } from '../../core/config';
import { openDatabase } from '../../adapters/db/connect';
import {
  adminSocketPath,
  claimDataDir,
  DataDirBusyError,
  readDataDirOwner,
  type DataDirOwner,
} from '../../adapters/db/data-dir-lock';
import { prepareDatabase } from '../../adapters/db/prepare';
import { AdminCommandError, sendAdminCommand } from '../../api/admin-socket';
import { CliCommandError, runCliCommand, type CliCommand, type CliResult } from '../cli-commands';

/**
 * 1. PostgreSQL: open it directly; the service may run at the same time.
 * 2. PGlite held by the running service: send the command over its admin socket.
 * 3. PGlite otherwise: claim the data folder, so the service cannot open it meanwhile, and open it here.
 */
export async function execute(command: CliCommand, config: Config): Promise<CliResult> {
  if (config.DATABASE_URL) return withDatabase({ url: config.DATABASE_URL }, command);
  const dataDir = resolve(config.ATELIER_DATA_DIR);
  const owner = readDataDirOwner(dataDir);
  if (owner) return viaService(dataDir, owner, command);
  let claim;
  try {
    claim = claimDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirBusyError) return viaService(dataDir, err.owner, command);
    throw err;
  }
  try {
    return await withDatabase({ dataDir }, command);
  } finally {
    claim.release();
  }
}

async function withDatabase(
  options: { url?: string; dataDir?: string },
  command: CliCommand,
): Promise<CliResult> {
  const database = await openDatabase({ ...options, poolSize: 2 });
  try {
    await prepareDatabase(database.db);
    return await runCliCommand(database.db, command);
  } finally {
    await database.close();
  }
}

/** The admin socket reads lines of at most 64 KiB: an import goes in batches well below that. */
const SOCKET_BATCH_CHARS = 48 * 1024;

function socketBatches(command: CliCommand): CliCommand[] {
  if (command.command !== 'trends.import' && command.command !== 'patterns.import') return [command];
  const items: unknown[] = command.command === 'trends.import' ? command.signals : command.patterns;
  const batches: unknown[][] = [[]];
  let size = 0;
  for (const item of items) {
    const chars = JSON.stringify(item).length + 1;
    if (size + chars > SOCKET_BATCH_CHARS && batches.at(-1)!.length > 0) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1)!.push(item);
    size += chars;
  }
  return batches.map(
    (batch) =>
      ({ ...command, [command.command === 'trends.import' ? 'signals' : 'patterns']: batch }) as CliCommand,
  );
}

async function viaService(dataDir: string, owner: DataDirOwner, command: CliCommand): Promise<CliResult> {
  try {
    let result: CliResult | undefined;
    for (const batch of socketBatches(command)) {
      const answer = (await sendAdminCommand(adminSocketPath(dataDir), batch)) as CliResult;
      result =
        result && 'imported' in result && 'imported' in answer
          ? { ...answer, imported: result.imported + answer.imported }
          : answer;
    }
    return result!;
  } catch (err) {
    if (err instanceof AdminCommandError) throw new CliCommandError(err.message);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED')
      throw new CliCommandError(
        `the service (pid ${owner.pid}) holds ${dataDir} but does not answer on its admin socket; wait until it has started, or stop it`,
      );
    throw err;
  }
}
