import { loadConfig, ConfigError } from '../core/config';
import { CliCommandError, formatCliResult } from './cli-commands';
import { execute } from './cli/execute';
import { parseCommand } from './cli/parse-command';
import { UsageError } from './cli/usage-error';

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
