import createClient, { type Client } from 'openapi-fetch';
import { errorFromBody, errorOf } from './errors';
import { OPERATIONS } from './operations';
import { retryingFetch, type RetryOptions } from './retry';
import type { paths } from './schema';
import { readEvents } from './sse';
import type { OperationId, OperationMethods, Run, RunStreamEvent } from './types';
import { createWebhookVerifier, type HeaderBag, type Verification } from './webhooks';

export interface AtelierClientOptions {
  /** The Atelier origin, e.g. http://localhost:3000 (paths start with /v1). */
  baseUrl: string;
  /** A workspace key (atl_…), sent as x-api-key. */
  apiKey: string;
  /** Retries of retryable errors (see retryingFetch); `{ retries: 0 }` turns them off. */
  retry?: RetryOptions;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** Tolerance of the webhook verifier in seconds (default 300). */
  webhookToleranceSeconds?: number;
}

export interface WaitOptions {
  /** The whole wait, in seconds; it is made of /wait calls of at most 120 s. Default 600. */
  timeoutSeconds?: number;
  signal?: AbortSignal;
  /** Called with the Run after each /wait that found it still going. */
  onUpdate?: (run: Run) => void;
}

export interface StreamOptions {
  /** Resume after this event id (the Run snapshot a previous stream ended on). */
  lastEventId?: string;
  signal?: AbortSignal;
  /** Reconnect (with Last-Event-ID) when the server ends the stream before the run ended. Default true. */
  reconnect?: boolean;
}

const TERMINAL = ['completed', 'failed', 'cancelled'];
const WAIT_MAX_SECONDS = 120;

export type AtelierClient = Omit<OperationMethods, 'waitForRun' | 'streamRun'> & {
  /**
   * Waits with GET /v1/runs/{runId}/wait until the run ends or waits for a person (`run.awaitingApproval`:
   * decide with decideApproval, then wait again), or returns it as it is at the deadline.
   */
  waitForRun(runId: string, options?: WaitOptions): Promise<Run>;
  /** The run's Server-Sent Events, typed; ends after `complete` or `error`. */
  streamRun(runId: string, options?: StreamOptions): AsyncGenerator<RunStreamEvent>;
  webhooks: {
    /** Verifies a delivery locally: Ed25519 against the JWKS (fetched once, cached), either header set. */
    verify(rawBody: string | Uint8Array, headers: HeaderBag): Promise<Verification>;
  };
  /** The underlying openapi-fetch client, typed by path. */
  http: Client<paths>;
};

/**
 * A client of every /v1 operation, generated from the OpenAPI document: one method per operationId,
 * taking `{path, query, body}` and answering the typed body of the success response; an error answer
 * throws an AtelierApiError with the envelope's code, retryable and details.
 */
export function createAtelierClient(options: AtelierClientOptions): AtelierClient {
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const fetch = retryingFetch(baseFetch, options.retry);
  const http = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    fetch,
    headers: { 'x-api-key': options.apiKey },
  });

  const call = async (
    id: OperationId,
    input: Record<string, unknown> = {},
    init: { signal?: AbortSignal } = {},
  ) => {
    const { method, path } = OPERATIONS[id];
    const send = http[method] as unknown as (
      path: string,
      init: object,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const { data, error, response } = await send(path, {
      params: { path: input.path, query: input.query, header: input.header },
      body: input.body,
      signal: init.signal,
    });
    if (!response.ok) throw errorFromBody(response, error);
    return data;
  };

  const methods = Object.fromEntries(
    (Object.keys(OPERATIONS) as OperationId[]).map((id) => [
      id,
      (input?: Record<string, unknown>, init?: { signal?: AbortSignal }) => call(id, input, init),
    ]),
  ) as unknown as OperationMethods;

  const client = { ...methods } as unknown as AtelierClient;
  client.http = http;

  client.waitForRun = async (runId, wait = {}) => {
    const deadline = Date.now() + (wait.timeoutSeconds ?? 600) * 1000;
    for (;;) {
      const seconds = Math.max(1, Math.min(WAIT_MAX_SECONDS, Math.ceil((deadline - Date.now()) / 1000)));
      const { data } = await methods.waitForRun(
        { path: { runId }, query: { timeout: seconds } },
        { signal: wait.signal },
      );
      if (TERMINAL.includes(data.status) || data.awaitingApproval || Date.now() >= deadline) return data;
      wait.onUpdate?.(data);
    }
  };

  client.streamRun = async function* streamRun(runId, stream = {}) {
    let lastEventId = stream.lastEventId;
    for (;;) {
      const response = await fetch(
        new Request(`${options.baseUrl.replace(/\/$/, '')}/v1/runs/${encodeURIComponent(runId)}/stream`, {
          headers: {
            accept: 'text/event-stream',
            'x-api-key': options.apiKey,
            ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
          },
          signal: stream.signal,
        }),
      );
      if (!response.ok || !response.body) throw await errorOf(response);
      let retryMs = 1000;
      for await (const raw of readEvents(response.body)) {
        if (raw.id) lastEventId = raw.id;
        if (raw.retry !== undefined) retryMs = raw.retry;
        const event = {
          event: raw.event,
          data: JSON.parse(raw.data),
          ...(raw.id ? { id: raw.id } : {}),
        } as RunStreamEvent;
        yield event;
        if (event.event === 'complete' || event.event === 'error') return;
      }
      if (stream.reconnect === false || stream.signal?.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  };

  const verify = createWebhookVerifier({
    fetchKeys: () => methods.getWebhookSigningKeys(),
    toleranceSeconds: options.webhookToleranceSeconds,
  });
  client.webhooks = { verify };
  return client;
}
