import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type Koa from 'koa';
import { loadConfig, type Config } from '../../core/config';
import { nodeCosts } from '../../core/billing/credits';
import { openDatabase } from '../../adapters/db/connect';
import { prepareDatabase } from '../../adapters/db/prepare';
import { signingKeyStore } from '../../adapters/db/signing-keys';
import { createMemoryBus } from '../../adapters/events/bus';
import { createPgBus } from '../../adapters/events/pg-bus';
import { localModels } from '../../adapters/models/local/local-models';
import type { Models } from '../../adapters/models/providers';
import type { Services } from '../../adapters/services';
import { createStorage } from '../../adapters/storage';
import { createRunEngine, type RunEngine } from '../../adapters/temporal/run-engine';
import { createApp } from '../../api/app';
import { createPublishing } from '../../adapters/channels';
import type { ApiDeps } from '../../api/deps';
import { createRateLimiter } from '../../api/middleware/rate-limit';
import { startWorkers, type RunningWorkers } from '../../worker/start-worker';
import { createTestDatabase } from './database';
import { testLogger } from './logger';
import { seedUsers, type TestUsers } from './seed';
import { testTemporalAddress, testWorkflowBundlePath } from './temporal';

export interface TestStack {
  config: Config;
  services: Services;
  engine: RunEngine;
  deps: ApiDeps;
  app: Koa;
  http: ReturnType<typeof request>;
  users: TestUsers;
  /** The workers, when started; `stopWorkers`/`startWorkers` simulate a worker crash and restart. */
  workers: RunningWorkers | null;
  startWorkers(): Promise<void>;
  stopWorkers(): Promise<void>;
  close(): Promise<void>;
}

export interface TestStackOptions {
  config?: Record<string, string>;
  models?: Models;
  /** Events through PostgreSQL LISTEN/NOTIFY instead of memory. */
  pgBus?: boolean;
  workers?: boolean;
  /** Replaces API dependencies (a failing database, a fake engine ...). */
  deps?: Partial<ApiDeps>;
}

/**
 * The whole service over real components: a fresh PostgreSQL database, the run's Temporal dev server
 * with task queues of its own (test files share the server, never each other's tasks), workers with
 * the real activities, fs storage in a temp folder, and the Koa app under supertest.
 */
export async function createTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const suffix = randomBytes(4).toString('hex');
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-stack-'));
  const testDb = await createTestDatabase();
  const config = loadConfig({
    RATE_LIMIT_PER_MINUTE: '100000',
    API_KEY_CACHE_MS: '0',
    SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1,localhost',
    PUBLIC_URL: 'http://127.0.0.1:9',
    ...options.config,
    DATABASE_URL: testDb.url,
    ATELIER_DATA_DIR: dataDir,
    TASK_QUEUE: `atelier-test-${suffix}`,
    MEDIA_TASK_QUEUE: `atelier-test-media-${suffix}`,
  });
  const database = await openDatabase({ url: testDb.url, poolSize: 6 });
  await prepareDatabase(database.db);
  const bus = options.pgBus ? await createPgBus(testDb.url, testLogger) : createMemoryBus();
  const services: Services = {
    database,
    storage: createStorage(config, { publicUrl: config.PUBLIC_URL! }),
    bus,
    models: options.models ?? localModels(),
    costs: nodeCosts(config.NODE_COSTS),
    signingKey: signingKeyStore(database.db),
    close: async () => {
      await bus.close();
      await database.close();
    },
  };
  const engine = createRunEngine({
    address: testTemporalAddress(),
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TASK_QUEUE,
  });
  const deps: ApiDeps = {
    config,
    db: database.db,
    logger: testLogger,
    rateLimiter: createRateLimiter({ points: config.RATE_LIMIT_PER_MINUTE, windowMs: 60_000 }),
    engine,
    bus,
    storage: services.storage,
    costs: services.costs,
    signingKey: services.signingKey,
    publishing: createPublishing(config, { pollMs: 5 }),
    ...options.deps,
  };
  const app = createApp(deps);
  const users = await seedUsers(database.db);

  const stack: TestStack = {
    config,
    services,
    engine,
    deps,
    app,
    http: request(app.callback()),
    users,
    workers: null,
    async startWorkers() {
      stack.workers = await startWorkers(config, services, testLogger, testTemporalAddress(), {
        workflowBundle: { codePath: testWorkflowBundlePath() },
      });
    },
    async stopWorkers() {
      await stack.workers?.shutdown();
      stack.workers = null;
    },
    async close() {
      await stack.stopWorkers();
      await engine.close();
      await services.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  if (options.workers !== false) await stack.startWorkers();
  return stack;
}
