import type { Kysely } from 'kysely';
import { WEBHOOK_TIMEOUT_MS } from '../../core/limits';
import { findRunRevisions } from '../db/run-revisions';
import { presentRun } from '../../core/run/present-run';
import {
  webhookMessageId,
  type WebhookAttemptOutcome,
  type WebhookTarget,
} from '../../core/run/webhook-delivery';
import { findRun, findRunNodes } from '../db/runs';
import type { Database } from '../db/schema';
import { nextAttemptNumber, recordDeliveryAttempt, type DeliveryRow } from '../db/webhook-deliveries';
import { isSafeFetchError, safeFetch } from '../http/safe-fetch';
import type { Metrics } from '../telemetry/metrics';
import { signWebhook, type SigningKey, type WebhookEvent } from './signing';

export interface DeliveryDeps {
  db: Kysely<Database>;
  signingKey: () => Promise<SigningKey>;
  /** SAFE_FETCH_ALLOW_HOSTS. */
  allowHosts: readonly string[];
  /** Counts every recorded attempt by its outcome. */
  metrics: Pick<Metrics, 'webhookAttempted'>;
}

export interface AttemptPlan {
  /** No attempt follows this one: a failure gives up. */
  final: boolean;
  /** A caller asked for it (POST /v1/webhooks/deliveries/{id}/redeliver). */
  redelivery?: boolean;
}

export interface AttemptResult {
  outcome: WebhookAttemptOutcome;
  /** The recorded attempt; none when the run no longer exists. */
  row: DeliveryRow | null;
}

const RESPONSE_LIMIT_BYTES = 64 * 1024;

/**
 * One POST of a run's webhook, recorded whatever its outcome.
 * 1. The body is `{data: Run}` as GET /v1/runs/{id} shows it now; once the run has moved on to a newer
 *    revision, that revision sends its own webhook and this delivery gives up without a request.
 * 2. It is signed afresh (a new timestamp) under the delivery's one message id.
 * 3. safe-fetch sends it: the address policy is checked again, redirects are not followed, 15 s in all.
 * 4. 2xx is delivered; 410 Gone and a refused address give up; anything else failed (gave up if `final`).
 * 5. The attempt is recorded, and counted by its outcome (atelier_webhook_attempts_total).
 */
export async function deliverWebhookOnce(
  deps: DeliveryDeps,
  target: WebhookTarget,
  attempt: AttemptPlan,
): Promise<AttemptResult> {
  const run = await findRun(deps.db, target.runId);
  if (!run) return { outcome: 'gave_up', row: null };
  const messageId = webhookMessageId(target.runId, target.revision, target.messageKey);
  const record = async (outcome: WebhookAttemptOutcome, result: Recorded) => {
    const row = await recordDeliveryAttempt(deps.db, {
      ...target,
      workspaceId: run.workspace_id,
      messageId,
      // Numbered in the order they happen, whether scheduled or asked for.
      attempt: await nextAttemptNumber(deps.db, messageId),
      redelivery: attempt.redelivery ?? false,
      gaveUp: outcome === 'gave_up',
      ...result,
    });
    deps.metrics.webhookAttempted(outcome);
    return { outcome, row };
  };
  if (run.revision !== target.revision)
    return record('gave_up', {
      statusCode: null,
      latencyMs: 0,
      error: `superseded by revision ${run.revision}, which sends its own webhook`,
    });

  const [nodes, revisions] = await Promise.all([
    findRunNodes(deps.db, run.id),
    findRunRevisions(deps.db, run.id),
  ]);
  const body = JSON.stringify({ data: presentRun(run, nodes, revisions) });
  const headers = signWebhook({
    body,
    runId: target.runId,
    event: target.event as WebhookEvent,
    key: await deps.signingKey(),
    messageId,
  });
  const started = Date.now();
  const failed: WebhookAttemptOutcome = attempt.final ? 'gave_up' : 'failed';
  try {
    const res = await safeFetch(target.url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Atelier-Webhooks/1' },
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: RESPONSE_LIMIT_BYTES,
      allowHosts: deps.allowHosts,
      maxRedirects: 0,
    });
    const ok = res.status >= 200 && res.status < 300;
    return record(ok ? 'delivered' : res.status === 410 ? 'gave_up' : failed, {
      statusCode: res.status,
      latencyMs: Date.now() - started,
      error: ok ? null : `HTTP ${res.status}`,
    });
  } catch (err) {
    if (!isSafeFetchError(err)) throw err;
    // The caller's URL is refused (private address, bad URL): no later attempt can do better.
    const refused = !err.retryable && err.code !== 'too_large';
    return record(refused ? 'gave_up' : failed, {
      statusCode: null,
      latencyMs: Date.now() - started,
      error: err.message,
    });
  }
}

interface Recorded {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}
