import type { Kysely } from 'kysely';
import { createApiKey, listApiKeys, revokeApiKey } from '../../adapters/db/api-keys';
import type { Database } from '../../adapters/db/schema';
import { createWorkspace, findWorkspaceByName, userWithRole } from '../../adapters/db/workspaces';
import type { CliCommand } from './command';
import { CliCommandError } from './error';
import type { CliResult, KeyListing } from './result';

export async function createKey(
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

export async function listKeys(db: Kysely<Database>, workspace?: string): Promise<KeyListing[]> {
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

export async function revokeKey(db: Kysely<Database>, idOrPrefix: string): Promise<CliResult> {
  const revoked = await revokeApiKey(db, idOrPrefix);
  if (revoked === 0) throw new CliCommandError(`no active key has the id or prefix "${idOrPrefix}"`);
  return { command: 'keys.revoke', revoked };
}
