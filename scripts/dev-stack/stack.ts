import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import pino, { type Logger } from 'pino';
import { loadConfig, type Config } from '../../core/config';
import { nodeCosts } from '../../core/billing/credits';
import { configuredProviders } from '../../adapters/models';
import { openDatabase } from '../../adapters/db/connect';
import { prepareDatabase } from '../../adapters/db/prepare';
import { signingKeyStore } from '../../adapters/db/signing-keys';
import { createRunViewCache } from '../../adapters/events/run-view-cache';
import { loadRunView } from '../../adapters/db/run-view';
import { createMemoryBus } from '../../adapters/events/bus';
import { createPgBus } from '../../adapters/events/pg-bus';
import { localModels } from '../../adapters/models/local/local-models';
import type { Models } from '../../adapters/models/providers';
import type { Services } from '../../adapters/services';
import { createStorage } from '../../adapters/storage';
import { measureBusLag } from '../../adapters/telemetry/bus-lag';
import { createMetrics } from '../../adapters/telemetry/metrics';
import { createRunEngine, type RunEngine } from '../../adapters/temporal/run-engine';
import type { Tracing } from '../../adapters/telemetry/tracing';
import { createApp } from '../../api/app';
import { createPublishing } from '../../adapters/channels';
import { openAiChat } from '../../adapters/models/openai-chat';
import type { ApiDeps } from '../../api/deps';
import { createRateLimiter } from '../../api/middleware/rate-limit';
import { createTestDatabase } from './database';
import { seedUsers, type TestUsers } from './seed';

/** The API over a fresh database, seeded, without workers: what the tests and the benches start from. */
export interface ApiStack {
  config: Config;
  services: Services;
  engine: RunEngine;
  deps: ApiDeps;
  /** The Koa app, not listening: drive `app.callback()` (supertest, or `createServer`). */
  app: Koa;
  users: TestUsers;
  close(): Promise<void>;
}

export interface ApiStackOptions {
  /** host:port of the Temporal frontend. The engine connects lazily: sandbox-only callers never dial it. */
  temporalAddress: string;
  config?: Record<string, string>;
  models?: Models;
  /** Events through PostgreSQL LISTEN/NOTIFY instead of memory. */
  pgBus?: boolean;
  /** Replaces API dependencies (a failing database, a fake engine ...). */
  deps?: Partial<ApiDeps>;
  /** `postgres` (default): a throwaway database on the local server; `pglite`: in memory, no server needed. */
  database?: 'postgres' | 'pglite';
  logger?: Logger;
  /** The process's tracing, when a test or script traces: SERVER spans and traced workflow starts. */
  tracing?: Tracing | null;
}

/**
 * 1. A temp data folder and a fresh database (`atelier_t_<random>` on the local PostgreSQL, or PGlite
 *    in memory), migrated, with the built-in catalog.
 * 2. Configuration for a local run: rate limits out of the way, media fetches from 127.0.0.1 allowed,
 *    task queues of its own (stacks share a Temporal server, never each other's tasks).
 * 3. The services, a lazy run engine and the Koa app; two workspaces with API keys (see seedUsers).
 * `close()` undoes all of it.
 */
export async function startApiStack(options: ApiStackOptions): Promise<ApiStack> {
  const logger = options.logger ?? pino({ level: 'silent' });
  const suffix = randomBytes(4).toString('hex');
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-stack-'));
  const scratch = options.database === 'pglite' ? null : await createTestDatabase();
  const config = loadConfig({
    RATE_LIMIT_PER_MINUTE: '100000',
    API_KEY_CACHE_MS: '0',
    SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1,localhost',
    PUBLIC_URL: 'http://127.0.0.1:9',
    // Stacks share a process: only a test that asks binds the worker runtime's metrics port.
    TEMPORAL_METRICS_ADDRESS: 'off',
    // Lexical judgement unless a test asks for embeddings: Jest cannot load node-llama-cpp in-process.
    EMBEDDINGS_PROVIDER: 'none',
    ...options.config,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ATELIER_DATA_DIR: dataDir,
    TASK_QUEUE: `atelier-test-${suffix}`,
    MEDIA_TASK_QUEUE: `atelier-test-media-${suffix}`,
  });
  const database = await openDatabase({ url: scratch?.url, poolSize: 6 });
  await prepareDatabase(database.db);
  const metrics = createMetrics();
  const bus = measureBusLag(
    options.pgBus && scratch ? await createPgBus(scratch.url, logger) : createMemoryBus(),
    metrics,
  );
  const services: Services = {
    database,
    storage: createStorage(config, { publicUrl: config.PUBLIC_URL! }),
    bus,
    models: options.models ?? localModels(config.LOCAL_VOICE),
    costs: nodeCosts(config.NODE_COSTS, configuredProviders(config)),
    signingKey: signingKeyStore(database.db),
    metrics,
    close: async () => {
      await bus.close();
      await database.close();
    },
  };
  const engine = createRunEngine({
    address: options.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TASK_QUEUE,
    traced: Boolean(options.tracing),
  });
  // The run-view cache follows whichever bus the deps end up with (a test may bring its own).
  const keyed: Omit<ApiDeps, 'runViews'> & Partial<Pick<ApiDeps, 'runViews'>> = {
    config,
    db: database.db,
    logger,
    rateLimiter: createRateLimiter({ points: config.RATE_LIMIT_PER_MINUTE, windowMs: 60_000 }),
    engine,
    bus,
    storage: services.storage,
    costs: services.costs,
    signingKey: services.signingKey,
    metrics,
    publishing: createPublishing(config, { pollMs: 5 }),
    chat: openAiChat(config),
    tracer: options.tracing?.tracer,
    ...options.deps,
  };
  const deps: ApiDeps = {
    ...keyed,
    runViews:
      keyed.runViews ??
      createRunViewCache((id, workspaceId) => loadRunView(keyed.db, id, workspaceId), keyed.bus),
  };
  const app = createApp(deps);
  const users = await seedUsers(database.db);
  return {
    config,
    services,
    engine,
    deps,
    app,
    users,
    async close() {
      await engine.close();
      await services.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
