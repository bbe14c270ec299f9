import type { Kysely } from 'kysely';
import { createApiKey } from '../../adapters/db/api-keys';
import type { Database } from '../../adapters/db/schema';
import { addUser, createWorkspace } from '../../adapters/db/workspaces';

export interface TestUser {
  workspaceId: string;
  userId: string;
  key: string;
}

/** Owner and member of workspace A, owner of workspace B. */
export interface TestUsers {
  owner: TestUser;
  member: TestUser;
  outsider: TestUser;
}

export async function seedUsers(db: Kysely<Database>, credits = 1000): Promise<TestUsers> {
  const a = await createWorkspace(db, 'workspace-a', credits);
  const b = await createWorkspace(db, 'workspace-b', credits);
  const memberId = await addUser(db, a.workspaceId, 'member', 'member');
  const user = async (workspaceId: string, userId: string): Promise<TestUser> => ({
    workspaceId,
    userId,
    key: (await createApiKey(db, { workspaceId, userId })).key,
  });
  return {
    owner: await user(a.workspaceId, a.ownerId),
    member: await user(a.workspaceId, memberId),
    outsider: await user(b.workspaceId, b.ownerId),
  };
}
