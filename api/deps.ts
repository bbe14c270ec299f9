import type { Tracer } from '@opentelemetry/api';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../core/config';
import type { Database } from '../adapters/db/schema';
import type { EventBus } from '../adapters/events/bus';
import type { RunEngine } from '../adapters/temporal/run-engine';
import type { SigningKey } from '../adapters/webhooks/signing';
import type { Publishing } from '../adapters/channels';
import type { ChatCompletion } from '../adapters/models/openai-chat';
import type { Storage } from '../adapters/storage/storage';
import type { NodeCosts } from '../core/billing/credits';
import type { Metrics } from '../adapters/telemetry/metrics';
import type { RunViewCache } from '../adapters/events/run-view-cache';

/** Everything the API needs from the outside, passed in by the entry point (or a test). */
export interface ApiDeps {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  rateLimiter: RateLimiterAbstract;
  engine: RunEngine;
  bus: EventBus;
  /** The run views of GET /v1/runs/{id}, kept per process and dropped by `bus` events. */
  runViews: RunViewCache;
  storage: Storage;
  costs: NodeCosts;
  signingKey: () => Promise<SigningKey>;
  publishing: Publishing;
  /** This process's metrics, scraped at /metrics (docs/operations.md). */
  metrics: Metrics;
  /** The chat model that chooses what a refinement rewrites; null leaves it to the rules in core. */
  chat: ChatCompletion | null;
  /** The Temporal Web UI, when known, for links in logs and the README. */
  temporalUiUrl?: string;
  /** Aborted when the server starts to stop: streams and waits answer at once (api/drain.ts). */
  draining?: AbortSignal;
  /** The built console served under /console/; console/dist when omitted. */
  consoleDir?: string;
  /** Present when tracing is on: every request is a SERVER span (api/middleware/server-spans.ts). */
  tracer?: Tracer;
}
