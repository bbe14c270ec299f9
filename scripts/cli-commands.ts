import type { Kysely } from 'kysely';
import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../adapters/db/api-keys';
import type { Database } from '../adapters/db/schema';
import { createWorkspace, findWorkspaceByName, userWithRole } from '../adapters/db/workspaces';
import { listValidChannels, removeChannel, upsertChannel } from '../adapters/db/channels';
import { creditBalance } from '../adapters/db/credits';
import { PLATFORMS } from '../adapters/channels/channel';
import { newId } from '../core/ids';
import { ContentPatternImport, TrendSignalImport } from '../core/intelligence/imports';
import { IMPORT_MAX_ITEMS } from '../core/intelligence/limits';
import { importContentPatterns, importTrendSignals } from '../adapters/db/intelligence';
import { findBrandProfile } from '../adapters/db/brand';

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
  z.object({
    command: z.literal('credits.grant'),
    workspace: WorkspaceName,
    amount: z.number().positive(),
    reason: z.string().max(200).default('grant'),
  }),
  z.object({
    command: z.literal('channels.connect'),
    workspace: WorkspaceName,
    platform: z.enum(PLATFORMS),
    externalId: z.string().trim().min(1).max(200),
    accountName: z.string().max(200).nullable().default(null),
    accountType: z.string().max(50).default('page'),
    username: z.string().max(100).nullable().default(null),
    instagramId: z.string().max(100).nullable().default(null),
    /** Sealed by the CLI process (the same key as the service's), so the token never crosses the socket in clear. */
    sealedToken: z.string().startsWith('v1.'),
    expiresAt: z.iso.datetime().nullable().default(null),
  }),
  z.object({ command: z.literal('channels.list'), workspace: WorkspaceName }),
  z.object({ command: z.literal('channels.remove'), workspace: WorkspaceName, channelId: z.uuid() }),
  /** `workspace` null: global signals, seen by every workspace. */
  z.object({
    command: z.literal('trends.import'),
    workspace: WorkspaceName.nullable(),
    signals: z.array(TrendSignalImport).min(1).max(IMPORT_MAX_ITEMS),
  }),
  z.object({
    command: z.literal('patterns.import'),
    workspace: WorkspaceName,
    patterns: z.array(ContentPatternImport).min(1).max(IMPORT_MAX_ITEMS),
  }),
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
  | { command: 'credits.grant'; workspace: string; amount: number; balance: number }
  | { command: 'channels.connect'; channelId: string; platform: string; externalId: string }
  | {
      command: 'channels.list';
      channels: {
        id: string;
        platform: string;
        externalId: string;
        accountName: string | null;
        expiresAt: string | null;
      }[];
    }
  | { command: 'channels.remove'; removed: boolean }
  | { command: 'trends.import' | 'patterns.import'; workspace: string | null; imported: number }
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
      return {
        command: 'channels.remove',
        removed: await removeChannel(db, (await workspaceNamed(db, command.workspace)).id, command.channelId),
      };
    case 'trends.import': {
      const workspaceId =
        command.workspace === null ? null : (await workspaceNamed(db, command.workspace)).id;
      return {
        command: 'trends.import',
        workspace: command.workspace,
        imported: await importTrendSignals(db, workspaceId, command.signals),
      };
    }
    case 'patterns.import':
      return importPatterns(db, command);
  }
}

/** Every named brand profile must be the workspace's; nothing is written otherwise. */
async function importPatterns(
  db: Kysely<Database>,
  command: Extract<CliCommand, { command: 'patterns.import' }>,
): Promise<CliResult> {
  const workspace = await workspaceNamed(db, command.workspace);
  for (const id of new Set(
    command.patterns.map((p) => p.brandProfileId).filter((id): id is string => id !== null),
  ))
    if (!(await findBrandProfile(db, workspace.id, id)))
      throw new CliCommandError(`workspace "${command.workspace}" has no brand profile ${id}`);
  return {
    command: 'patterns.import',
    workspace: command.workspace,
    imported: await importContentPatterns(db, workspace.id, command.patterns),
  };
}

async function workspaceNamed(db: Kysely<Database>, name: string) {
  const workspace = await findWorkspaceByName(db, name);
  if (!workspace) throw new CliCommandError(`no workspace "${name}"`);
  return workspace;
}

async function grantCredits(
  db: Kysely<Database>,
  command: Extract<CliCommand, { command: 'credits.grant' }>,
): Promise<CliResult> {
  const workspace = await workspaceNamed(db, command.workspace);
  await db
    .insertInto('credit_ledger')
    .values({ id: newId(), workspace_id: workspace.id, amount: command.amount, reason: command.reason })
    .execute();
  const { balance } = await creditBalance(db, workspace.id);
  return { command: 'credits.grant', workspace: command.workspace, amount: command.amount, balance };
}

async function connectChannel(
  db: Kysely<Database>,
  command: Extract<CliCommand, { command: 'channels.connect' }>,
): Promise<CliResult> {
  const workspace = await workspaceNamed(db, command.workspace);
  const channelId = await upsertChannel(db, {
    workspaceId: workspace.id,
    platform: command.platform,
    externalId: command.externalId,
    accountName: command.accountName,
    accountType: command.accountType,
    username: command.username,
    instagramId: command.instagramId,
    sealedToken: command.sealedToken,
    expiresAt: command.expiresAt ? new Date(command.expiresAt) : null,
  });
  return {
    command: 'channels.connect',
    channelId,
    platform: command.platform,
    externalId: command.externalId,
  };
}

async function listChannels(db: Kysely<Database>, name: string): Promise<CliResult> {
  const rows = await listValidChannels(db, (await workspaceNamed(db, name)).id);
  return {
    command: 'channels.list',
    channels: rows.map((c) => ({
      id: c.id,
      platform: c.platform,
      externalId: c.external_id,
      accountName: c.account_name,
      expiresAt: c.expires_at ? new Date(c.expires_at).toISOString() : null,
    })),
  };
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
    case 'credits.grant':
      return [`Granted ${result.amount} credits to ${result.workspace}; balance ${result.balance}.`];
    case 'channels.connect':
      return [
        `Connected ${result.platform} account ${result.externalId}; channel id (use as accountIds in publish):`,
        result.channelId,
      ];
    case 'channels.list':
      return formatTable(
        ['ID', 'PLATFORM', 'ACCOUNT', 'NAME', 'EXPIRES'],
        result.channels.map((c) => [
          c.id,
          c.platform,
          c.externalId,
          c.accountName ?? '-',
          c.expiresAt ?? '-',
        ]),
        'No channels.',
      );
    case 'channels.remove':
      return [result.removed ? 'Channel removed.' : 'No such channel in this workspace.'];
    case 'trends.import':
      return [
        `Imported ${result.imported} trend signal${result.imported === 1 ? '' : 's'} ${result.workspace === null ? 'as global signals' : `into ${result.workspace}`}.`,
      ];
    case 'patterns.import':
      return [
        `Imported ${result.imported} content pattern${result.imported === 1 ? '' : 's'} into ${result.workspace}.`,
      ];
  }
}

function formatTable(header: string[], rows: string[][], empty = 'No keys.'): string[] {
  if (rows.length === 0) return [empty];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
}
