import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/db/schema';
import { listValidChannels, removeChannel, upsertChannel } from '../../adapters/db/channels';
import type { CliCommand } from './command';
import type { CliResult } from './result';
import { workspaceNamed } from './workspaces';

export async function connectChannel(
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

export async function listChannels(db: Kysely<Database>, name: string): Promise<CliResult> {
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

export async function removeNamedChannel(
  db: Kysely<Database>,
  command: Extract<CliCommand, { command: 'channels.remove' }>,
): Promise<CliResult> {
  return {
    command: 'channels.remove',
    removed: await removeChannel(db, (await workspaceNamed(db, command.workspace)).id, command.channelId),
  };
}
