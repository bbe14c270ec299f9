import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { ApprovalDecision, RunState } from '../core/run/run-types';

/** Live state of a run for operators and debugging; the database stays the record. */
export const stateQuery = defineQuery<RunState>('state');

/** A human decision on a waiting human.approval node; its validator rejects bad requests synchronously. */
export const approvalUpdate = defineUpdate<{ nodeId: string; decision: string }, [ApprovalDecision]>(
  'approval',
);
