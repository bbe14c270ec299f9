import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface AccountRecord {
  workspace: { id: string; name: string; createdAt: Date };
  key: { id: string; name: string; prefix: string; createdAt: Date } | null;
}

/** The workspace and, when the caller came with one, the key record (never its hash). */
export async function findAccount(
  db: Kysely<Database>,
  workspaceId: string,
  keyId: string | undefined,
): Promise<AccountRecord | undefined> {
  const workspace = await db
    .selectFrom('workspaces')
    .select(['id', 'name', 'created_at'])
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  if (!workspace) return undefined;
  const key = keyId
    ? await db
        .selectFrom('api_keys')
        .select(['id', 'name', 'key_prefix', 'created_at'])
        .where('id', '=', keyId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
    : undefined;
  return {
    workspace: { id: workspace.id, name: workspace.name, createdAt: new Date(workspace.created_at) },
    key: key
      ? { id: key.id, name: key.name, prefix: key.key_prefix, createdAt: new Date(key.created_at) }
      : null,
  };
}
