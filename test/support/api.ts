import request from 'supertest';
import type Koa from 'koa';
import { loadConfig, type Config } from '../../core/config';
import { openDatabase, type DatabaseHandle } from '../../adapters/db/connect';
import { prepareDatabase } from '../../adapters/db/prepare';
import { createWorkspace, addUser } from '../../adapters/db/workspaces';
import { createApiKey } from '../../adapters/db/api-keys';
import { createApp } from '../../api/app';
import type { ApiDeps } from '../../api/deps';
import { createRateLimiter } from '../../api/middleware/rate-limit';
import { createTestDatabase, type TestDatabase } from './database';
import { testLogger } from './logger';

export interface TestUser {
  workspaceId: string;
  userId: string;
  key: string;
}

export interface TestApi {
  config: Config;
  database: DatabaseHandle;
  app: Koa;
  http: ReturnType<typeof request>;
  /** Owner and member of workspace A, owner of workspace B. */
  users: { owner: TestUser; member: TestUser; outsider: TestUser };
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database with migrations and the catalog, two workspaces with keys, and the
 * Koa app built by createApp. `overrides` replace config values; `deps` replace dependencies.
 */
export async function createTestApi(
  options: { config?: Record<string, string>; deps?: Partial<ApiDeps> } = {},
): Promise<TestApi> {
  const testDb: TestDatabase = await createTestDatabase();
  const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '100000', ...options.config, DATABASE_URL: testDb.url });
  const database = await openDatabase({ url: testDb.url, poolSize: 4 });
  await prepareDatabase(database.db);
  const users = await seedUsers(database);
  const deps: ApiDeps = {
    config,
    db: database.db,
    logger: testLogger,
    rateLimiter: createRateLimiter({ points: config.RATE_LIMIT_PER_MINUTE, windowMs: 60_000 }),
    ...options.deps,
  };
  const app = createApp(deps);
  return {
    config,
    database,
    app,
    http: request(app.callback()),
    users,
    async close() {
      await database.close();
      await testDb.drop();
    },
  };
}

async function seedUsers(database: DatabaseHandle): Promise<TestApi['users']> {
  const a = await createWorkspace(database.db, 'workspace-a', 1000);
  const b = await createWorkspace(database.db, 'workspace-b', 1000);
  const memberId = await addUser(database.db, a.workspaceId, 'member', 'member');
  const user = async (workspaceId: string, userId: string): Promise<TestUser> => ({
    workspaceId,
    userId,
    key: (await createApiKey(database.db, { workspaceId, userId })).key,
  });
  return {
    owner: await user(a.workspaceId, a.ownerId),
    member: await user(a.workspaceId, memberId),
    outsider: await user(b.workspaceId, b.ownerId),
  };
}
