import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { createApiKey, findKey } from '../adapters/db/api-keys';
import type { Database } from '../adapters/db/schema';
import { createWorkspace, findWorkspaceByName, userWithRole } from '../adapters/db/workspaces';

/**
 * The first start makes a demo workspace, its owner and an API key. The database keeps only the key's
 * hash; the key itself is kept in the data folder (mode 0600) so later starts can print it again.
 */
export async function ensureDemoKey(
  db: Kysely<Database>,
  dataDir: string,
  workspaceName: string,
  credits: number,
): Promise<string> {
  const keyFile = join(dataDir, 'demo-api-key');
  const saved = (await readFile(keyFile, 'utf8').catch(() => '')).trim();
  if (saved) {
    const record = await findKey(db, saved);
    if (record && !record.revoked) return saved;
  }
  const workspace = await findWorkspaceByName(db, workspaceName);
  const ids = workspace
    ? { workspaceId: workspace.id, ownerId: await userWithRole(db, workspace.id, 'owner') }
    : await createWorkspace(db, workspaceName, credits);
  const { key } = await createApiKey(db, { workspaceId: ids.workspaceId, userId: ids.ownerId }, 'demo');
  await writeFile(keyFile, `${key}\n`, { mode: 0o600 });
  await chmod(keyFile, 0o600);
  return key;
}
