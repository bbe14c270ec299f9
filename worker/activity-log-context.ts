import type { Context as ActivityContext } from '@temporalio/activity';
import type { ActivityInterceptors } from '@temporalio/worker';
import { withLogContext, type LogContext } from '../adapters/logger';
import { runIdOfWorkflow } from '../workflows/definitions';

/**
 * Runs every activity inside a log context naming its run, workflow and type, so that whatever logs
 * during it (the activity, a provider adapter, storage) says which run it worked for.
 */
export function activityLogContext(ctx: ActivityContext): ActivityInterceptors {
  const fields = activityLogFields(ctx.info);
  return { inbound: { execute: (input, next) => withLogContext(fields, () => next(input)) } };
}

export function activityLogFields(info: ActivityContext['info']): LogContext {
  const workflowId = info.workflowExecution?.workflowId;
  return {
    ...(workflowId ? { runId: runIdOfWorkflow(workflowId), workflowId } : {}),
    activityType: info.activityType,
  };
}
