import type { Logger } from 'pino';
import { publicUrl, type Config } from '../core/config';
import { nodeCosts, type NodeCosts } from '../core/billing/credits';
import { openDatabase, type DatabaseHandle } from './db/connect';
import { prepareDatabase } from './db/prepare';
import { signingKeyStore } from './db/signing-keys';
import { createMemoryBus, type EventBus } from './events/bus';
import { createPgBus } from './events/pg-bus';
import { configuredProviders, createModels } from './models';
import type { Models } from './models/providers';
import { createStorage } from './storage';
import type { Storage } from './storage/storage';
import { measureBusLag } from './telemetry/bus-lag';
import { createMetrics, type Metrics } from './telemetry/metrics';
import type { SigningKey } from './webhooks/signing';

/** The I/O every process shares, opened once from the configuration. */
export interface Services {
  database: DatabaseHandle;
  storage: Storage;
  bus: EventBus;
  models: Models;
  costs: NodeCosts;
  signingKey: () => Promise<SigningKey>;
  /** This process's metrics: the API's and the worker's when they share the process. */
  metrics: Metrics;
  close(): Promise<void>;
}

/**
 * 1. Database: PostgreSQL at DATABASE_URL, else PGlite in the data folder; migrations and catalog applied.
 * 2. Events: LISTEN/NOTIFY on PostgreSQL (API and workers may be separate processes), else in memory.
 * 3. Storage, model providers, credit costs and the webhook signing key.
 * 4. The process's metrics; the bus measures its lag into them.
 */
export async function openServices(
  config: Config,
  logger: Logger,
  options: { models?: Models } = {},
): Promise<Services> {
  const costs = nodeCosts(config.NODE_COSTS, configuredProviders(config));
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.ATELIER_DATA_DIR });
  await prepareDatabase(database.db);
  const metrics = createMetrics();
  const bus = measureBusLag(
    database.url ? await createPgBus(database.url, logger) : createMemoryBus(),
    metrics,
  );
  const storage = createStorage(config, { publicUrl: publicUrl(config) });
  return {
    database,
    storage,
    bus,
    models: options.models ?? createModels(config),
    costs,
    signingKey: signingKeyStore(database.db),
    metrics,
    async close() {
      await bus.close();
      await database.close();
    },
  };
}
