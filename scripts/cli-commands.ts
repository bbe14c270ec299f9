import type { Kysely } from 'kysely';
import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../adapters/db/api-keys';
import type { Database } from '../adapters/db/schema';
import { createWorkspace, findWorkspaceByName, userWithRole } from '../adapters/db/workspaces';

const WorkspaceName = z.string().trim().min(1).max(100);
const Credits = z.number().int().min(0);

/**
 * The operator commands, as data: the CLI runs them on a database it opened itself, or sends them to
 * the running service over its admin socket, which runs them with the same function.
 */
export const CliCommand = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('keys.create'),
    workspace: WorkspaceName,
    role: z.enum(['owner', 'member']).default('owner'),
    name: z.string().max(100).default(''),
    credits: Credits,
  }),
  z.object({ command: z.literal('keys.list'), workspace: WorkspaceName.optional() }),
  z.object({ command: z.literal('keys.revoke'), idOrPrefix: z.string().trim().min(1) }),
  z.object({ command: z.literal('workspaces.create'), workspace: WorkspaceName, credits: Credits }),
]);
export type CliCommand = z.infer<typeof CliCommand>;

export interface KeyListing {
  id: string;
  prefix: string;
  name: string;
  workspace: string | null;
  role: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** Results are plain JSON so they cross the admin socket unchanged. */
export type CliResult =
  | {
      command: 'keys.create';
      workspace: string;
      workspaceCreated: boolean;
      role: string;
      userId: string;
      keyId: string;
      key: string;
    }
  | { command: 'keys.list'; keys: KeyListing[] }
  | { command: 'keys.revoke'; revoked: number }
  | {
      command: 'workspaces.create';
      workspace: string;
      workspaceId: string;
      ownerId: string;
      credits: number;
    };

/** A command the operator got wrong (unknown workspace, duplicate name ...): reported without a stack. */
export class CliCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliCommandError';
  }
}

/** Validates a command (it may come from the socket) and runs it. */
export async function runCliCommand(db: Kysely<Database>, input: unknown): Promise<CliResult> {
  const parsed = CliCommand.safeParse(input);
  if (!parsed.success)
    throw new CliCommandError(
      `invalid command: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'command'}: ${i.message}`).join('; ')}`,
    );
  const command = parsed.data;
  switch (command.command) {
    case 'keys.create':
      return createKey(db, command);
    case 'keys.list':
      return { command: 'keys.list', keys: await listKeys(db, command.workspace) };
    case 'keys.revoke':
      return revokeKey(db, command.idOrPrefix);
    case 'workspaces.create':
      return createNamedWorkspace(db, command.workspace, command.credits);
  }
}

async function createKey(
  db: Kysely<Database>,
  command: Extract<CliCommand, { command: 'keys.create' }>,
): Promise<CliResult> {
  const existing = await findWorkspaceByName(db, command.workspace);
  const workspaceId =
    existing?.id ?? (await createWorkspace(db, command.workspace, command.credits)).workspaceId;
  const userId = await userWithRole(db, workspaceId, command.role);
  const { id, key } = await createApiKey(db, { workspaceId, userId }, command.name);
  return {
    command: 'keys.create',
    workspace: command.workspace,
    workspaceCreated: !existing,
    role: command.role,
    userId,
    keyId: id,
    key,
  };
}

async function listKeys(db: Kysely<Database>, workspace?: string): Promise<KeyListing[]> {
  const rows = await listApiKeys(db, workspace);
  return rows.map((row) => ({
    id: row.id,
    prefix: row.key_prefix,
    name: row.name,
    workspace: row.workspace,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  }));
}

async function revokeKey(db: Kysely<Database>, idOrPrefix: string): Promise<CliResult> {
  const revoked = await revokeApiKey(db, idOrPrefix);
  if (revoked === 0) throw new CliCommandError(`no active key has the id or prefix "${idOrPrefix}"`);
  return { command: 'keys.revoke', revoked };
}

async function createNamedWorkspace(db: Kysely<Database>, name: string, credits: number): Promise<CliResult> {
  if (await findWorkspaceByName(db, name)) throw new CliCommandError(`workspace "${name}" already exists`);
  const { workspaceId, ownerId } = await createWorkspace(db, name, credits);
  return { command: 'workspaces.create', workspace: name, workspaceId, ownerId, credits };
}

/** The lines the CLI prints; a new key is always alone on the last line, so scripts can take `tail -n1`. */
export function formatCliResult(result: CliResult): string[] {
  switch (result.command) {
    case 'keys.create':
      return [
        `Workspace: ${result.workspace}${result.workspaceCreated ? ' (created)' : ''}`,
        `User:      ${result.userId} (${result.role})`,
        `Key id:    ${result.keyId}`,
        'The key is shown once; only its hash is stored:',
        result.key,
      ];
    case 'keys.list':
      return formatTable(
        ['ID', 'PREFIX', 'NAME', 'WORKSPACE', 'ROLE', 'CREATED', 'REVOKED'],
        result.keys.map((k) => [
          k.id,
          k.prefix,
          k.name || '-',
          k.workspace ?? '-',
          k.role ?? '-',
          k.createdAt,
          k.revokedAt ?? '-',
        ]),
      );
    case 'keys.revoke':
      return [`Revoked ${result.revoked} key${result.revoked === 1 ? '' : 's'}.`];
    case 'workspaces.create':
      return [
        `Workspace ${result.workspace} created (id ${result.workspaceId}), owner ${result.ownerId}, ${result.credits} credits.`,
      ];
  }
}

function formatTable(header: string[], rows: string[][]): string[] {
  if (rows.length === 0) return ['No keys.'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
}
