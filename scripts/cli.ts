import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError, type Config } from '../core/config';
import { openDatabase } from '../adapters/db/connect';
import {
  adminSocketPath,
  claimDataDir,
  DataDirBusyError,
  readDataDirOwner,
  type DataDirOwner,
} from '../adapters/db/data-dir-lock';
import { prepareDatabase } from '../adapters/db/prepare';
import { AdminCommandError, sendAdminCommand } from '../api/admin-socket';
import { PLATFORMS } from '../adapters/channels/channel';
import { createTokenCipher } from '../adapters/channels/token-cipher';
import { channelTokenKey } from '../adapters/channels/token-key';
import {
  CliCommandError,
  formatCliResult,
  parseCliCommand,
  runCliCommand,
  type CliCommand,
  type CliResult,
} from './cli-commands';

const USAGE = `Usage: npm run cli -- <command>

  keys create --workspace NAME [--role owner|member] [--name LABEL]
      Issues an API key (the workspace and a user of the role are created when missing).
      The key is printed alone on the last line.
  keys list [--workspace NAME]      Lists keys: prefix, name, workspace, role, created, revoked.
  keys revoke <id|prefix>           Revokes a key.
  workspaces create NAME [--credits N]
      Creates a workspace with its owner and an opening credit grant (default DEMO_CREDITS).
  credits grant --workspace NAME --amount N [--reason TEXT]
      Adds credits to a workspace's ledger.
  channels connect --workspace NAME --platform facebook|instagram|linkedin|x --account-id ID --token TOKEN
                   [--name NAME] [--type page|business|organization|person] [--username U]
                   [--instagram-id ID] [--expires-at ISO-DATE]
      Connects a social account for publishing; the token is sealed before it is stored.
      The account id is the Page id, the Instagram user id, the LinkedIn author URN or the X user id.
  channels list --workspace NAME    Lists the workspace's valid channels.
  channels remove --workspace NAME <channel id>
  trends import (--workspace NAME | --global) FILE.json
      Imports trend signals (a JSON array; docs/intelligence.md) for a workspace, or for all of them.
  patterns import --workspace NAME FILE.json
      Imports performance patterns (a JSON array; docs/intelligence.md) into a workspace.
  help                              Prints this text.

Uses DATABASE_URL when set; otherwise the embedded database in ATELIER_DATA_DIR, through the running
service's admin socket when the service holds it.`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0])) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadConfig(process.env);
  const command = parseCommand(argv, config);
  const result = await execute(command, config);
  process.stdout.write(`${formatCliResult(result).join('\n')}\n`);
  return 0;
}

function parseCommand(argv: string[], config: Config): CliCommand {
  const [group, action, ...rest] = argv;
  const parse = <O extends Record<string, { type: 'string' }>>(options: O, positionals: number) => {
    const parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
    if (parsed.positionals.length !== positionals)
      throw new UsageError(`${group} ${action}: expected ${positionals} argument(s)`);
    return parsed;
  };
  const credits = (value: string | undefined) => {
    if (value === undefined) return config.DEMO_CREDITS;
    if (!/^\d+$/.test(value)) throw new UsageError('--credits takes a whole number');
    return Number(value);
  };
  switch (`${group} ${action}`) {
    case 'keys create': {
      const { values } = parse(
        { workspace: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
        0,
      );
      if (!values.workspace) throw new UsageError('keys create needs --workspace NAME');
      if (values.role !== undefined && values.role !== 'owner' && values.role !== 'member')
        throw new UsageError('--role is owner or member');
      return {
        command: 'keys.create',
        workspace: values.workspace,
        role: values.role ?? 'owner',
        name: values.name ?? '',
        credits: config.DEMO_CREDITS,
      };
    }
    case 'keys list':
      return {
        command: 'keys.list',
        workspace: parse({ workspace: { type: 'string' } }, 0).values.workspace,
      };
    case 'keys revoke':
      return { command: 'keys.revoke', idOrPrefix: parse({}, 1).positionals[0] };
    case 'workspaces create': {
      const { values, positionals } = parse({ credits: { type: 'string' } }, 1);
      return { command: 'workspaces.create', workspace: positionals[0], credits: credits(values.credits) };
    }
    case 'credits grant': {
      const { values } = parse(
        { workspace: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' } },
        0,
      );
      if (!values.workspace || !values.amount || !(Number(values.amount) > 0))
        throw new UsageError('credits grant needs --workspace NAME --amount N (N > 0)');
      return {
        command: 'credits.grant',
        workspace: values.workspace,
        amount: Number(values.amount),
        reason: values.reason ?? 'grant',
      };
    }
    case 'channels connect':
      return connectCommand(parse, config);
    case 'channels list': {
      const { values } = parse({ workspace: { type: 'string' } }, 0);
      if (!values.workspace) throw new UsageError('channels list needs --workspace NAME');
      return { command: 'channels.list', workspace: values.workspace };
    }
    case 'channels remove': {
      const { values, positionals } = parse({ workspace: { type: 'string' } }, 1);
      if (!values.workspace) throw new UsageError('channels remove needs --workspace NAME');
      return { command: 'channels.remove', workspace: values.workspace, channelId: positionals[0] };
    }
    case 'trends import': {
      const options = { workspace: { type: 'string' }, global: { type: 'boolean' } } as const;
      const { values, positionals } = parseArgs({
        args: rest,
        options,
        allowPositionals: true,
        strict: true,
      });
      if (positionals.length !== 1 || !values.workspace === !values.global)
        throw new UsageError('trends import needs --workspace NAME or --global, and a FILE.json');
      return parseCliCommand({
        command: 'trends.import',
        workspace: values.workspace ?? null,
        signals: readJsonFile(positionals[0]),
      });
    }
    case 'patterns import': {
      const { values, positionals } = parse({ workspace: { type: 'string' } }, 1);
      if (!values.workspace) throw new UsageError('patterns import needs --workspace NAME and a FILE.json');
      return parseCliCommand({
        command: 'patterns.import',
        workspace: values.workspace,
        patterns: readJsonFile(positionals[0]),
      });
    }
    default:
      throw new UsageError(`unknown command: ${argv.join(' ')}`);
  }
}

/** An import file: read and validated whole here (parseCliCommand), before any batch is written. */
function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(resolve(path), 'utf8');
  } catch (err) {
    throw new CliCommandError(`cannot read ${path}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliCommandError(`${path} is not valid JSON: ${(err as Error).message}`);
  }
}

const CONNECT_OPTIONS = {
  workspace: { type: 'string' },
  platform: { type: 'string' },
  'account-id': { type: 'string' },
  token: { type: 'string' },
  name: { type: 'string' },
  type: { type: 'string' },
  username: { type: 'string' },
  'instagram-id': { type: 'string' },
  'expires-at': { type: 'string' },
} as const;

/** The token is sealed here, with the key the service uses (CHANNEL_TOKEN_KEY or the data folder's key file). */
function connectCommand(
  parse: (
    options: typeof CONNECT_OPTIONS,
    positionals: number,
  ) => { values: Partial<Record<keyof typeof CONNECT_OPTIONS, string>> },
  config: Config,
): CliCommand {
  const { values } = parse(CONNECT_OPTIONS, 0);
  if (!values.workspace || !values.platform || !values['account-id'] || !values.token)
    throw new UsageError('channels connect needs --workspace, --platform, --account-id and --token');
  if (!(PLATFORMS as readonly string[]).includes(values.platform))
    throw new UsageError(`--platform is one of ${PLATFORMS.join(', ')}`);
  if (values['expires-at'] && Number.isNaN(Date.parse(values['expires-at'])))
    throw new UsageError('--expires-at takes an ISO date');
  const cipher = createTokenCipher(
    channelTokenKey(config.CHANNEL_TOKEN_KEY, resolve(config.ATELIER_DATA_DIR)),
  );
  return {
    command: 'channels.connect',
    workspace: values.workspace,
    platform: values.platform as (typeof PLATFORMS)[number],
    externalId: values['account-id'],
    accountName: values.name ?? null,
    accountType:
      values.type ??
      (values.platform === 'linkedin' ? 'organization' : values.platform === 'x' ? 'person' : 'page'),
    username: values.username ?? null,
    instagramId: values['instagram-id'] ?? (values.platform === 'instagram' ? values['account-id'] : null),
    sealedToken: cipher.seal(values.token),
    expiresAt: values['expires-at'] ? new Date(values['expires-at']).toISOString() : null,
  };
}

/**
 * 1. PostgreSQL: open it directly; the service may run at the same time.
 * 2. PGlite held by the running service: send the command over its admin socket.
 * 3. PGlite otherwise: claim the data folder, so the service cannot open it meanwhile, and open it here.
 */
async function execute(command: CliCommand, config: Config): Promise<CliResult> {
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (err instanceof CliCommandError || err instanceof ConfigError) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    }
  },
);
