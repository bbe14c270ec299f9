import type { Kysely } from 'kysely';
import { newId } from '../../core/ids';
import type { Role } from '../../core/app/app-access';
import { grantCredits } from './credits';
import type { Database } from './schema';

export async function findWorkspaceByName(db: Kysely<Database>, name: string) {
  return db.selectFrom('workspaces').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Creates a workspace with its first owner and an opening credit grant. */
export async function createWorkspace(
  db: Kysely<Database>,
  name: string,
  credits: number,
): Promise<{ workspaceId: string; ownerId: string }> {
  return db.transaction().execute(async (trx) => {
    const workspaceId = newId();
    await trx.insertInto('workspaces').values({ id: workspaceId, name }).execute();
    const ownerId = await addUser(trx, workspaceId, 'owner', 'owner');
    if (credits > 0) await grantCredits(trx, { workspaceId, amount: credits, reason: 'opening grant' });
    return { workspaceId, ownerId };
  });
}

export async function addUser(
  db: Kysely<Database>,
  workspaceId: string,
  role: Role,
  name: string,
): Promise<string> {
  const id = newId();
  await db.insertInto('users').values({ id, workspace_id: workspaceId, role, name }).execute();
  return id;
}

/** The first user of the workspace with the role, or a new one. */
export async function userWithRole(db: Kysely<Database>, workspaceId: string, role: Role): Promise<string> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', role)
    .orderBy('created_at')
    .executeTakeFirst();
  return existing?.id ?? addUser(db, workspaceId, role, role);
}
