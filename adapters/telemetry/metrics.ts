import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RunEndStatus } from '../../core/run/run-types';
import type { WebhookAttemptOutcome } from '../../core/run/webhook-delivery';
import { appLabeller, catalogAppIds } from './app-label';

export interface HttpRequestLabels {
  method: string;
  /** The matched route template (`/v1/runs/:runId`), never the raw path; `unmatched` when none. */
  route: string;
  status: number;
}

export interface NodeRunLabels {
  /** The node type (`text.generate`). */
  type: string;
  /** The provider that ran it (`local`, `fal` ...); `none` for work that uses no provider. */
  provider: string;
  status: 'completed' | 'failed' | 'cancelled';
}

/** Another exporter whose text exposition every scrape appends (Temporal Core's own metrics). */
export type ExpositionSource = () => Promise<string>;

/**
 * The metrics of one process, in a registry of its own (tests make as many as they like): Node's process
 * metrics and Atelier's, observed through the methods below so callers never touch prom-client. The API,
 * the worker and the embedded process each scrape theirs at /metrics (docs/operations.md).
 */
export interface Metrics {
  readonly registry: Registry;
  httpRequest(labels: HttpRequestLabels, seconds: number): void;
  /** An execution was admitted and launched (a new run, or a refinement's next revision); labelled `catalog` or `custom`. */
  runStarted(appId: string): void;
  /** An execution ended: completed, failed or cancelled; labelled `catalog` or `custom`, never by the app id. */
  runFinished(appId: string, status: RunEndStatus): void;
  /** One attempt of a node's activity ended after `seconds`. */
  nodeRan(labels: NodeRunLabels, seconds: number): void;
  webhookAttempted(outcome: WebhookAttemptOutcome): void;
  creditsDebited(labels: { type: string; provider: string }, credits: number): void;
  /** A run event reached its subscribers `seconds` after it was published. */
  eventDelivered(seconds: number): void;
  /** Appends `source`'s exposition to every scrape; a source added again under `name` replaces it. */
  include(name: string, source: ExpositionSource): void;
  /** The text exposition of the registry and of every included source that answered. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

const HTTP_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** Local text takes milliseconds, a remote video many minutes (GENERATION_TIMEOUT_MINUTES, up to 2 h). */
const NODE_SECONDS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];
const BUS_LAG_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Every Atelier series is `atelier_*`; Node's process metrics keep their usual names. `catalogAppIds` are the
 * built-in apps (the catalog's, by default): runs of those are labelled `catalog`, of any other app `custom`.
 */
export function createMetrics(options: { catalogAppIds?: Iterable<string> } = {}): Metrics {
  const appLabel = appLabeller(options.catalogAppIds ?? catalogAppIds());
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const httpDuration = new Histogram({
    name: 'atelier_http_request_duration_seconds',
    help: 'Time until the handler answered (for a stream: until it opened), by method, route template and status; _count counts the requests.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_SECONDS,
    registers,
  });
  const runsStarted = new Counter({
    name: 'atelier_runs_started_total',
    help: 'Executions launched (new runs and refinements), by app kind (catalog, custom).',
    labelNames: ['app'] as const,
    registers,
  });
  const runsFinished = new Counter({
    name: 'atelier_runs_finished_total',
    help: 'Executions ended, by app kind (catalog, custom) and status (completed, failed, cancelled).',
    labelNames: ['app', 'status'] as const,
    registers,
  });
  const nodeDuration = new Histogram({
    name: 'atelier_node_duration_seconds',
    help: 'Duration of one attempt of a node activity, by node type, provider and status.',
    labelNames: ['type', 'provider', 'status'] as const,
    buckets: NODE_SECONDS,
    registers,
  });
  const webhookAttempts = new Counter({
    name: 'atelier_webhook_attempts_total',
    help: 'Webhook delivery attempts recorded, by outcome (delivered, failed, gave_up).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const creditsDebited = new Counter({
    name: 'atelier_credits_debited_total',
    help: 'Credits debited for completed nodes, by node type and provider.',
    labelNames: ['type', 'provider'] as const,
    registers,
  });
  const busLag = new Histogram({
    name: 'atelier_event_bus_lag_seconds',
    help: 'Time from publishing a run event to its delivery to the subscribers of this process.',
    buckets: BUS_LAG_SECONDS,
    registers,
  });
  const sourceUp = new Gauge({
    name: 'atelier_metrics_source_up',
    help: 'Whether an included exporter (temporal: the Temporal worker runtime) answered the last scrape.',
    labelNames: ['source'] as const,
    registers,
  });
  const sources = new Map<string, ExpositionSource>();

  return {
    registry,
    contentType: registry.contentType,
    httpRequest(labels, seconds) {
      // Its _count is the number of requests: no counter of its own on the hottest path.
      httpDuration.observe({ ...labels, status: String(labels.status) }, seconds);
    },
    runStarted: (appId) => runsStarted.inc({ app: appLabel(appId) }),
    runFinished: (appId, status) => runsFinished.inc({ app: appLabel(appId), status }),
    nodeRan: (labels, seconds) => nodeDuration.observe(labels, seconds),
    webhookAttempted: (outcome) => webhookAttempts.inc({ outcome }),
    creditsDebited: (labels, credits) => creditsDebited.inc(labels, credits),
    // Clocks of two hosts may disagree by a little: an event never arrives before it was sent.
    eventDelivered: (seconds) => busLag.observe(Math.max(0, seconds)),
    include(name, source) {
      sources.set(name, source);
    },
    async scrape() {
      const included = await Promise.all(
        [...sources].map(async ([name, read]) => {
          const text = await read().catch(() => null);
          sourceUp.set({ source: name }, text === null ? 0 : 1);
          return text;
        }),
      );
      const texts = [await registry.metrics(), ...included.filter((t): t is string => t !== null)];
      return texts.map((text) => (text.endsWith('\n') || text === '' ? text : `${text}\n`)).join('');
    },
  };
}
