import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { ApprovalDecision, RunState } from '../core/run/run-types';

/*
 * The names Temporal records in every history of a run: renaming one breaks the replay of runs in flight
 * (test/fixtures/histories). The client (adapters/temporal/run-engine.ts), scripts and tests import them.
 */

/** The workflow type of a run: the name workflows/index.ts exports `runApp` under (checked by the compiler). */
export const RUN_APP_WORKFLOW = 'runApp' satisfies keyof typeof import('./index');

/** A run's webhook delivery after its first attempt failed (deliver-webhook.ts): one per revision. */
export const webhookDeliveryWorkflowId = (runId: string, revision: number): string =>
  `${runId}/webhook/r${revision}`;

/** The run a workflow id belongs to: the run's own executions (id = run id) or a webhook delivery of it. */
export const runIdOfWorkflow = (workflowId: string): string => workflowId.replace(/\/webhook\/r\d+$/, '');

/** Live state of a run for operators and debugging; the database stays the record. */
export const stateQuery = defineQuery<RunState>('state');

/** A human decision on a waiting human.approval node; its validator rejects bad requests synchronously. */
export const approvalUpdate = defineUpdate<{ nodeId: string; decision: string }, [ApprovalDecision]>(
  'approval',
);
