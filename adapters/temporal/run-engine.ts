import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { AtelierError } from '../../core/errors';
import type { ApprovalDecision, RunAppInput } from '../../core/run/run-types';
import { RUN_APP_WORKFLOW, approvalUpdate } from '../../workflows/definitions';
import { APP_ID, WORKSPACE_ID } from './search-attributes';

const CALL_DEADLINE_MS = 5_000;
const CLOSE_POLL_MS = 200;

/** What the API asks of Temporal: start, cancel and steer runs. The workflow id is the run id. */
export interface RunEngine {
  start(input: RunAppInput): Promise<void>;
  /** Requests cancellation; false when no execution of the run is open. */
  cancel(runId: string): Promise<boolean>;
  decideApproval(runId: string, decision: ApprovalDecision): Promise<void>;
  /**
   * Resolves true once no execution of the run is open (or none is known), false when `timeoutMs`
   * passes first. A run's status is completed in the database slightly before its execution closes
   * (the completion webhook is still being delivered); a refinement starts only after that.
   */
  awaitClosed(runId: string, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface RunEngineOptions {
  address: string;
  namespace: string;
  taskQueue: string;
}

/** A Temporal-backed engine. The connection is lazy: the API starts even while Temporal is down. */
export function createRunEngine(options: RunEngineOptions): RunEngine {
  const connection = Connection.lazy({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });
  const call = <T>(fn: () => Promise<T>) =>
    reachable(() => client.withDeadline(Date.now() + CALL_DEADLINE_MS, fn));

  return {
    async start(input) {
      await call(() =>
        client.workflow.start(RUN_APP_WORKFLOW, {
          workflowId: input.runId,
          taskQueue: options.taskQueue,
          args: [input],
          workflowIdReusePolicy: 'ALLOW_DUPLICATE',
          workflowIdConflictPolicy: 'FAIL',
          typedSearchAttributes: [
            { key: WORKSPACE_ID, value: input.workspaceId },
            { key: APP_ID, value: input.appId },
          ],
          staticSummary: `run ${input.runId} of app ${input.appId} (revision ${input.revision})`,
        }),
      );
    },
    async cancel(runId) {
      try {
        await call(() => client.workflow.getHandle(runId).cancel());
        return true;
      } catch (err) {
        if (err instanceof WorkflowNotFoundError || (err as Error).name === 'WorkflowNotFoundError')
          return false;
        throw err;
      }
    },
    async decideApproval(runId, decision) {
      await call(() => client.workflow.getHandle(runId).executeUpdate(approvalUpdate, { args: [decision] }));
    },
    async awaitClosed(runId, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          const { status } = await call(() => client.workflow.getHandle(runId).describe());
          if (status.name !== 'RUNNING') return true;
        } catch (err) {
          if (err instanceof WorkflowNotFoundError || (err as Error).name === 'WorkflowNotFoundError')
            return true;
          throw err;
        }
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, CLOSE_POLL_MS));
      }
    },
    close: () => connection.close(),
  };
}

/** Connection failures become RESOURCE_UNAVAILABLE (503, retryable); everything else passes through. */
async function reachable<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUnavailable(err))
      throw new AtelierError(
        'RESOURCE_UNAVAILABLE',
        'The workflow engine is temporarily unavailable; retry shortly',
      );
    throw err;
  }
}

const UNAVAILABLE_GRPC_CODES = new Set([4, 14]); // DEADLINE_EXCEEDED, UNAVAILABLE

export function isUnavailable(err: unknown): boolean {
  const e = err as { name?: string; code?: number; cause?: { code?: number }; message?: string };
  if (e?.name === 'ServiceError' && UNAVAILABLE_GRPC_CODES.has(e.cause?.code ?? -1)) return true;
  if (UNAVAILABLE_GRPC_CODES.has(e?.code ?? -1)) return true;
  return e?.name === 'TransportError' || /Failed to connect|ECONNREFUSED|deadline/i.test(e?.message ?? '');
}
