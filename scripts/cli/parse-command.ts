import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../../core/config';
import { CliCommandError, parseCliCommand, type CliCommand } from '../cli-commands';
import { connectCommand } from './connect-command';
import { UsageError } from './usage-error';

/** argv after `npm run cli --` as a command; flags are checked here, the command's values by parseCliCommand. */
export function parseCommand(argv: string[], config: Config): CliCommand {
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
