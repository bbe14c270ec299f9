import type { Kysely } from 'kysely';
import type { Database } from '../adapters/db/schema';
import { CliCommand } from './cli-commands/command';
import { CliCommandError } from './cli-commands/error';
import type { CliResult } from './cli-commands/result';
import { createKey, listKeys, revokeKey } from './cli-commands/keys';
import { createNamedWorkspace, grantCredits } from './cli-commands/workspaces';
import { connectChannel, listChannels, removeNamedChannel } from './cli-commands/channels';
import { importPatterns, importTrends } from './cli-commands/intelligence';

export { CliCommand } from './cli-commands/command';
export type { CliResult, KeyListing } from './cli-commands/result';
export { CliCommandError } from './cli-commands/error';
export { formatCliResult } from './cli-commands/format';

/** Validates a command; the CLI checks an import file whole with it before any batch leaves. */
export function parseCliCommand(input: unknown): CliCommand {
  const parsed = CliCommand.safeParse(input);
  if (!parsed.success)
    throw new CliCommandError(
      `invalid command: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'command'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** Validates a command (it may come from the socket) and runs it. */
export async function runCliCommand(db: Kysely<Database>, input: unknown): Promise<CliResult> {
  const command = parseCliCommand(input);
  switch (command.command) {
    case 'keys.create':
      return createKey(db, command);
    case 'keys.list':
      return { command: 'keys.list', keys: await listKeys(db, command.workspace) };
    case 'keys.revoke':
      return revokeKey(db, command.idOrPrefix);
    case 'workspaces.create':
      return createNamedWorkspace(db, command.workspace, command.credits);
    case 'credits.grant':
      return grantCredits(db, command);
    case 'channels.connect':
      return connectChannel(db, command);
    case 'channels.list':
      return listChannels(db, command.workspace);
    case 'channels.remove':
      return removeNamedChannel(db, command);
    case 'trends.import':
      return importTrends(db, command);
    case 'patterns.import':
      return importPatterns(db, command);
  }
}
