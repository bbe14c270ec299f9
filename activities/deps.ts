import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { NodeCosts } from '../core/billing/credits';
import type { Database } from '../adapters/db/schema';
import type { EventBus } from '../adapters/events/bus';
import type { Models } from '../adapters/models/providers';
import type { Storage } from '../adapters/storage/storage';
import type { SigningKey } from '../adapters/webhooks/signing';
import type { Metrics } from '../adapters/telemetry/metrics';

/** What activities need from the outside, passed in by the worker (or a test). */
export interface ActivityDeps {
  db: Kysely<Database>;
  storage: Storage;
  bus: EventBus;
  models: Models;
  costs: NodeCosts;
  logger: Logger;
  /** Hosts that caller-supplied URLs may reach although they are private (development and tests). */
  allowHosts: string[];
  signingKey: () => Promise<SigningKey>;
  /** The worker process's metrics (node durations, run ends, webhook attempts, credits). */
  metrics: Metrics;
}
