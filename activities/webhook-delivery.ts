import { ApplicationFailure, Context } from '@temporalio/activity';
import { safeFetch, isSafeFetchError } from '../adapters/http/safe-fetch';
import { findRun, findRunNodes } from '../adapters/db/runs';
import { recordDeliveryAttempt } from '../adapters/db/webhook-deliveries';
import { presentRun } from '../core/run/present-run';
import { signWebhook, type WebhookEvent } from '../adapters/webhooks/signing';
import { WEBHOOK_TIMEOUT_MS } from '../core/limits';
import { FailureType } from '../core/run/failure-types';
import type { ActivityDeps } from './deps';

export interface DeliverWebhookInput {
  runId: string;
  revision: number;
  url: string;
  event: string;
}

const RESPONSE_LIMIT_BYTES = 64 * 1024;

export function webhookActivities(deps: ActivityDeps) {
  /** Records one attempt, whatever its outcome. */
  const recordAttempt = async (
    input: DeliverWebhookInput,
    workspaceId: string,
    attempt: {
      messageId: string;
      number: number;
      statusCode: number | null;
      latencyMs: number;
      error: string | null;
    },
  ) => {
    await recordDeliveryAttempt(deps.db, { ...input, workspaceId, ...attempt, attempt: attempt.number });
  };

  return {
    /**
     * POSTs `{data: Run}` to the run's webhook, signed afresh for this attempt. A 2xx ends it; a 410 says the
     * receiver is gone (no retry); anything else throws so Temporal retries with backoff.
     */
    async deliverWebhook(input: DeliverWebhookInput): Promise<{ statusCode: number }> {
      const row = await findRun(deps.db, input.runId);
      if (!row)
        throw ApplicationFailure.nonRetryable(`run ${input.runId} not found`, FailureType.RunNotFound);
      const run = presentRun(row, await findRunNodes(deps.db, row.id));
      const body = JSON.stringify({ data: run });
      // Standard Webhooks: the id stays the same across retries of one delivery so receivers can de-duplicate.
      const messageId = `msg_${input.runId.replace(/-/g, '')}_r${input.revision}`;
      const headers = signWebhook({
        body,
        runId: input.runId,
        event: input.event as WebhookEvent,
        key: await deps.signingKey(),
        messageId,
      });
      const number = Context.current().info.attempt;
      const started = Date.now();
      let statusCode: number;
      try {
        const res = await safeFetch(input.url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Atelier-Webhooks/1' },
          body,
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          maxBytes: RESPONSE_LIMIT_BYTES,
          allowHosts: deps.allowHosts,
          maxRedirects: 0,
        });
        statusCode = res.status;
      } catch (err) {
        const message = (err as Error).message;
        await recordAttempt(input, row.workspace_id, {
          messageId,
          number,
          statusCode: null,
          latencyMs: Date.now() - started,
          error: message,
        });
        if (isSafeFetchError(err) && !err.retryable && err.code !== 'too_large')
          throw ApplicationFailure.nonRetryable(message, FailureType.SafeFetchRefused);
        throw err;
      }
      const latencyMs = Date.now() - started;
      const ok = statusCode >= 200 && statusCode < 300;
      await recordAttempt(input, row.workspace_id, {
        messageId,
        number,
        statusCode,
        latencyMs,
        error: ok ? null : `HTTP ${statusCode}`,
      });
      if (ok) return { statusCode };
      if (statusCode === 410)
        throw ApplicationFailure.nonRetryable('receiver answered 410 Gone', FailureType.WebhookGone);
      throw ApplicationFailure.retryable(`receiver answered HTTP ${statusCode}`, FailureType.WebhookRejected);
    },
  };
}
