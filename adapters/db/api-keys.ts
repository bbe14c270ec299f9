import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newId } from '../../core/ids';
import type { Role } from '../../core/app/app-access';
import type { Database } from './schema';

export const API_KEY_PREFIX = 'atl_';

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export interface KeyContext {
  keyId: string;
  workspaceId: string | null;
  userId: string | null;
  role: Role | null;
  revoked: boolean;
}

/** Creates a key for a user; returns the key itself once. Only its hash is stored. */
export async function createApiKey(
  db: Kysely<Database>,
  user: { workspaceId: string; userId: string },
  name = '',
): Promise<{ id: string; key: string }> {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  const id = newId();
  await db
    .insertInto('api_keys')
    .values({
      id,
      workspace_id: user.workspaceId,
      user_id: user.userId,
      name,
      key_prefix: key.slice(0, 10),
      key_hash: hashApiKey(key),
    })
    .execute();
  return { id, key };
}

/** Looks a key up by its hash, then compares the hashes in constant time. */
export async function findKey(db: Kysely<Database>, key: string): Promise<KeyContext | null> {
  const hash = hashApiKey(key);
  const row = await db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.key_hash',
      'api_keys.workspace_id',
      'api_keys.user_id',
      'api_keys.revoked_at',
      'users.role',
      'users.workspace_id as user_workspace_id',
    ])
    .where('api_keys.key_hash', '=', hash)
    .executeTakeFirst();
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hash))) return null;
  const consistent = row.user_workspace_id === null || row.user_workspace_id === row.workspace_id;
  return {
    keyId: row.id,
    workspaceId: consistent ? row.workspace_id : null,
    userId: row.user_id,
    role: row.role ?? null,
    revoked: row.revoked_at !== null,
  };
}

/** The name a key was issued under (its prefix when it has none): who decided, in a run's history. */
export async function findKeyName(db: Kysely<Database>, keyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(['name', 'key_prefix'])
    .where('id', '=', keyId)
    .executeTakeFirst();
  return row ? row.name || row.key_prefix : null;
}

export async function revokeApiKey(db: Kysely<Database>, idOrPrefix: string): Promise<number> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where((eb) =>
      eb.or([
        eb('id', '=', isUuidLike(idOrPrefix) ? idOrPrefix : '00000000-0000-0000-0000-000000000000'),
        eb('key_prefix', '=', idOrPrefix),
      ]),
    )
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listApiKeys(db: Kysely<Database>, workspaceName?: string) {
  let query = db
    .selectFrom('api_keys')
    .leftJoin('workspaces', 'workspaces.id', 'api_keys.workspace_id')
    .leftJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.key_prefix',
      'api_keys.name',
      'api_keys.created_at',
      'api_keys.revoked_at',
      'workspaces.name as workspace',
      'users.role',
    ])
    .orderBy('api_keys.created_at');
  if (workspaceName) query = query.where('workspaces.name', '=', workspaceName);
  return query.execute();
}

const isUuidLike = (s: string) => /^[0-9a-f-]{36}$/i.test(s);
