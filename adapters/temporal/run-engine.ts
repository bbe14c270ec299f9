import {
  Client,
  Connection,
  defaultGrpcRetryOptions,
  makeGrpcRetryInterceptor,
  WorkflowNotFoundError,
  type ConnectionOptions,
} from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { AtelierError } from '../../core/errors';
import type { ApprovalDecision, RunAppInput } from '../../core/run/run-types';
import { RUN_APP_WORKFLOW, approvalUpdate } from '../../workflows/definitions';
import type { ConnectionSecurity } from './connection-security';
import { namespaceAnswers } from './namespace-answers';
import { APP_ID, WORKSPACE_ID } from './search-attributes';

const CALL_DEADLINE_MS = 5_000;
const CLOSE_POLL_MS = 200;
/** How long `start` keeps trying; the API answers within it, the starter takes over after it. */
export const START_BUDGET_MS = 20_000;
/** One start attempt; the SDK retries a refused connection inside it, so an outage takes this long to show. */
const START_ATTEMPT_MS = CALL_DEADLINE_MS;
/** Temporal refusing connections is a plain outage: the caller gets 503 quickly, nothing was started. */
const UNREACHABLE_BUDGET_MS = 3_000;

/** What a start came to: Temporal confirmed it, or the budget ran out with the answer unknown. */
export type StartOutcome = 'started' | 'unknown';

/** The execution a run's workflow id names now: the revision it runs (its memo) and whether it is open. */
export interface CurrentExecution {
  revision: number | null;
  open: boolean;
}

/** What the API asks of Temporal: start, cancel and steer runs. The workflow id is the run id. */
export interface RunEngine {
  /**
   * Starts the execution of `input.revision` at most once, with workflow id = run id and the revision
   * in the memo. Resolves `started` once Temporal confirms it (or shows that an earlier attempt did),
   * `unknown` when the budget ran out after an attempt that may have reached Temporal: the run is kept
   * and the starter reconciles it. Throws only when the workflow was certainly not started.
   */
  start(input: RunAppInput): Promise<StartOutcome>;
  /** The run's current execution, null when Temporal knows none (never started, or past retention). */
  currentExecution(runId: string): Promise<CurrentExecution | null>;
  /** Requests cancellation; false when no execution of the run is open. */
  cancel(runId: string): Promise<boolean>;
  decideApproval(runId: string, decision: ApprovalDecision): Promise<void>;
  /**
   * Resolves true once no execution of the run is open (or none is known), false when `timeoutMs`
   * passes first. A run's status is completed in the database slightly before its execution closes
   * (the completion webhook is still being delivered); a refinement starts only after that.
   */
  awaitClosed(runId: string, timeoutMs: number): Promise<boolean>;
  /** Resolves when Temporal answers for the namespace within `timeoutMs` (readiness, api/health.ts). */
  answers(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface RunEngineOptions {
  address: string;
  /** TLS and an API key (TEMPORAL_TLS, TEMPORAL_API_KEY: connection-security.ts); plaintext when omitted. */
  security?: ConnectionSecurity;
  namespace: string;
  taskQueue: string;
  /** gRPC interceptors between the SDK's retry interceptor and the wire (tests inject transport faults). */
  interceptors?: ConnectionOptions['interceptors'];
  /**
   * Traces each call as a client span of the active trace and hands that trace to the workflow in the
   * start headers (adapters/telemetry/tracing.ts must have installed a tracer provider).
   */
  traced?: boolean;
}

/** A Temporal-backed engine. The connection is lazy: the API starts even while Temporal is down. */
export function createRunEngine(options: RunEngineOptions): RunEngine {
  const connection = Connection.lazy({
    address: options.address,
    ...options.security,
    interceptors: options.interceptors && [
      makeGrpcRetryInterceptor(defaultGrpcRetryOptions()),
      ...options.interceptors,
    ],
  });
  const client = new Client({
    connection,
    namespace: options.namespace,
    interceptors: options.traced ? { workflow: [new OpenTelemetryWorkflowClientInterceptor()] } : undefined,
  });
  const withDeadline = <T>(deadline: number, fn: () => Promise<T>) => client.withDeadline(deadline, fn);
  const call = <T>(fn: () => Promise<T>) => reachable(() => withDeadline(Date.now() + CALL_DEADLINE_MS, fn));

  const describe = async (runId: string): Promise<CurrentExecution | null> => {
    try {
      const description = await client.workflow.getHandle(runId).describe();
      const revision = description.memo?.revision;
      return {
        revision: typeof revision === 'number' ? revision : null,
        open: description.status.name === 'RUNNING',
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };

  /** One start request; `conflict` when an execution of the workflow id is already open. */
  const startOnce = async (input: RunAppInput): Promise<'started' | 'conflict'> => {
    try {
      await client.workflow.start(RUN_APP_WORKFLOW, {
        workflowId: input.runId,
        taskQueue: options.taskQueue,
        args: [input],
        // Refinements start a new execution of the same id once the previous one has closed.
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        workflowIdConflictPolicy: 'FAIL',
        memo: { revision: input.revision },
        typedSearchAttributes: [
          { key: WORKSPACE_ID, value: input.workspaceId },
          { key: APP_ID, value: input.appId },
        ],
        staticSummary: `run ${input.runId} of app ${input.appId} (revision ${input.revision})`,
      });
      return 'started';
    } catch (err) {
      if ((err as Error)?.name === 'WorkflowExecutionAlreadyStartedError') return 'conflict';
      throw err;
    }
  };

  return {
    /**
     * 1. Start; confirmed means started.
     * 2. A refused connection or a deadline hit before sending reached nobody: retry, and after
     *    UNREACHABLE_BUDGET_MS give up with 503 (nothing was started).
     * 3. A timeout or cancel after sending may have started it: from then on, describe before every
     *    new attempt. An execution whose memo names this revision is ours (started); starting again
     *    blindly could run a refinement twice, since its id allows a new execution after a closed one.
     * 4. "Already started": ours if the open execution's memo names this revision, else a refusal.
     */
    async start(input) {
      const began = Date.now();
      const deadline = began + START_BUDGET_MS;
      let reached = false;
      let conflict = false;
      for (let attempt = 0; Date.now() < deadline; attempt++) {
        if (attempt > 0) await sleep(Math.min(deadline - Date.now(), backoffMs(attempt)));
        const attemptDeadline = Math.min(Date.now() + START_ATTEMPT_MS, deadline);
        let other = false;
        try {
          if (reached || conflict) {
            const current = await withDeadline(attemptDeadline, () => describe(input.runId));
            if (current?.revision === input.revision) return 'started';
            other = conflict && current?.open === true;
          }
          if (!other) {
            conflict = (await withDeadline(attemptDeadline, () => startOnce(input))) === 'conflict';
            if (!conflict) return 'started';
          }
        } catch (err) {
          if (!isUnavailable(err)) throw err;
          if (!neverSent(err)) reached = true;
          else if (!reached && Date.now() - began >= UNREACHABLE_BUDGET_MS) break;
        }
        if (other)
          throw new AtelierError(
            'RESOURCE_UNAVAILABLE',
            'Another execution of this run is still open; retry shortly',
          );
      }
      if (reached) return 'unknown';
      throw unavailable();
    },
    currentExecution: (runId) => call(() => describe(runId)),
    async cancel(runId) {
      try {
        await call(() => client.workflow.getHandle(runId).cancel());
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async decideApproval(runId, decision) {
      await call(() => client.workflow.getHandle(runId).executeUpdate(approvalUpdate, { args: [decision] }));
    },
    async awaitClosed(runId, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const current = await call(() => describe(runId));
        if (!current?.open) return true;
        if (Date.now() >= deadline) return false;
        await sleep(CLOSE_POLL_MS);
      }
    },
    answers: (timeoutMs) => namespaceAnswers(connection, options.namespace, timeoutMs),
    close: () => connection.close(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** 100 ms, 200 ms, 400 ms ... up to 2 s, with jitter so a burst of retries spreads out. */
const backoffMs = (attempt: number) => Math.min(2_000, 100 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);

const isNotFound = (err: unknown) =>
  err instanceof WorkflowNotFoundError || (err as Error)?.name === 'WorkflowNotFoundError';

const unavailable = () =>
  new AtelierError('RESOURCE_UNAVAILABLE', 'The workflow engine is temporarily unavailable; retry shortly');

/** Connection failures, timeouts and cancelled calls become RESOURCE_UNAVAILABLE (503, retryable). */
async function reachable<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUnavailable(err)) throw unavailable();
    throw err;
  }
}

const UNAVAILABLE_GRPC_CODES = new Set([1, 4, 8, 14]); // CANCELLED, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, UNAVAILABLE

type GrpcLike = {
  name?: string;
  code?: number | string;
  cause?: { code?: number; message?: string };
  message?: string;
};

/** The gRPC status code of a client error (a ServiceError carries it in `cause`). */
const grpcCode = (e: GrpcLike): number | undefined =>
  e?.name === 'ServiceError' ? e.cause?.code : typeof e?.code === 'number' ? e.code : undefined;

/** A failure of the transport or of time, not an answer of Temporal: worth a retry (503 to callers). */
export function isUnavailable(err: unknown): boolean {
  const e = err as GrpcLike;
  if (UNAVAILABLE_GRPC_CODES.has(grpcCode(e) ?? -1)) return true;
  return (
    e?.name === 'TransportError' ||
    /Failed to connect|ECONNREFUSED|deadline|Call cancelled/i.test(
      `${e?.message ?? ''} ${e?.cause?.message ?? ''}`,
    )
  );
}

/**
 * A call that failed before any request reached Temporal: no connection, or a deadline hit while the
 * call still waited to be sent (grpc-js says what it was waiting for). Anything else may have arrived.
 */
export function neverSent(err: unknown): boolean {
  const e = err as GrpcLike;
  // RESOURCE_EXHAUSTED: the frontend's rate limit refused the request before it was processed.
  if (e?.name === 'TransportError' || grpcCode(e) === 8) return true;
  return /No connection established|ECONNREFUSED|Failed to connect|waiting for (metadata filters|LB pick|name resolution)/i.test(
    `${e?.message ?? ''} ${e?.cause?.message ?? ''}`,
  );
}
