import Router from '@koa/router';
import { z } from 'zod';
import type { Caller } from '../../core/app/app-access';
import { notFound, AtelierError } from '../../core/errors';
import { isUuid } from '../../core/ids';
import {
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  WAIT_TIMEOUT_DEFAULT_SECONDS,
  WAIT_TIMEOUT_MAX_SECONDS,
  WAIT_TIMEOUT_MIN_SECONDS,
} from '../../core/limits';
import { cancelRunRecord, findRun, findRunNodes, listRuns } from '../../adapters/db/runs';
import { presentRun, presentRunSummary, isTerminal } from '../../adapters/db/run-view';
import type { ApiDeps } from '../deps';
import { parseWith, uuidParam } from '../validate';
import { loadUsableApp } from '../apps/app-store';
import { assertWebhookUrl, startRun } from './start-run';
import { waitForRun } from './follow-run';
import { streamRun } from './stream';

const jsonObject = z.record(z.string(), z.unknown());
export const RunBody = z.object({
  inputs: jsonObject.default({}),
  inputOverrides: jsonObject.default({}),
  applyBrand: z.boolean().optional(),
  brandProfileId: z.string().nullable().optional(),
  test: z.boolean().optional(),
  outputs: z.array(z.string().min(1)).max(50).optional(),
});
export const ListQuery = z.object({
  appId: z.string().optional(),
  status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']).optional(),
  source: z.enum(['api', 'content', 'compose', 'generate']).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});
export const WaitQuery = z.object({
  timeout: z.coerce
    .number()
    .int()
    .min(WAIT_TIMEOUT_MIN_SECONDS)
    .max(WAIT_TIMEOUT_MAX_SECONDS)
    .default(WAIT_TIMEOUT_DEFAULT_SECONDS),
});
export const ApprovalBody = z.object({
  decision: z.enum(['approve', 'reject']),
  comment: z.string().max(2000).optional(),
});

export function runsRouter(deps: ApiDeps): Router {
  const router = new Router();

  /** Another workspace's run is not found, never forbidden: its existence is not revealed. */
  const ownRun = async (ctx: { params: Record<string, string>; state: { caller: Caller } }) => {
    const run = await findRun(deps.db, uuidParam(ctx.params.runId, 'Run'), ctx.state.caller.workspaceId);
    if (!run) throw notFound('Run');
    return run;
  };

  router.post('/apps/:appId/runs', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const app = await loadUsableApp(deps.db, uuidParam(ctx.params.appId, 'App'), caller);
    const body = parseWith(RunBody, ctx.request.body);
    const webhookUrl = assertWebhookUrl(
      typeof ctx.query.webhook === 'string' ? ctx.query.webhook : undefined,
    );
    const sandbox = body.test === true || ctx.get('x-atelier-test').toLowerCase() === 'true';
    const run = await startRun(deps, caller, app, { ...body, webhookUrl, sandbox, source: 'api' });
    ctx.status = sandbox ? 200 : 202;
    ctx.body = { data: run };
  });

  router.get('/runs', async (ctx) => {
    const query = parseWith(ListQuery, ctx.query);
    const pagination = { limit: query.limit, offset: query.offset };
    // An app id that is not a UUID names no app: no runs.
    if (query.appId !== undefined && !isUuid(query.appId)) {
      ctx.body = { data: [], pagination: { total: 0, ...pagination } };
      return;
    }
    const { rows, total } = await listRuns(deps.db, ctx.state.caller.workspaceId, query);
    ctx.body = { data: rows.map(presentRunSummary), pagination: { total, ...pagination } };
  });

  router.get('/runs/:runId', async (ctx) => {
    const run = await ownRun(ctx);
    ctx.body = { data: presentRun(run, await findRunNodes(deps.db, run.id)) };
  });

  router.get('/runs/:runId/wait', async (ctx) => {
    const { timeout } = parseWith(WaitQuery, ctx.query);
    const run = await ownRun(ctx);
    const result = await waitForRun(deps.db, deps.bus, run.id, timeout * 1000);
    ctx.body = result.timedOut ? { data: result.run, timeout: true } : { data: result.run };
  });

  router.get('/runs/:runId/stream', async (ctx) => {
    const run = await ownRun(ctx);
    await streamRun(ctx, run.id, { db: deps.db, bus: deps.bus });
  });

  router.post('/runs/:runId/cancel', async (ctx) => {
    const run = await ownRun(ctx);
    if (isTerminal(run.status)) {
      ctx.body = { data: { runId: run.id, status: run.status } };
      return;
    }
    await deps.engine.cancel(run.id);
    const status = await cancelRunRecord(deps.db, run.id);
    await deps.bus.publish({ runId: run.id, kind: 'run', status: status ?? 'cancelled' });
    ctx.body = { data: { runId: run.id, status } };
  });

  router.post('/runs/:runId/approvals/:nodeId', async (ctx) => {
    const run = await ownRun(ctx);
    const body = parseWith(ApprovalBody, ctx.request.body);
    const nodeId = ctx.params.nodeId;
    if (run.status !== 'running') throw approvalRefused(nodeId, `the run is ${run.status}`);
    try {
      await deps.engine.decideApproval(run.id, { nodeId, decision: body.decision, comment: body.comment });
    } catch (err) {
      if ((err as Error).name === 'WorkflowUpdateFailedError')
        throw approvalRefused(nodeId, (err as { cause?: { message?: string } }).cause?.message ?? 'refused');
      throw err;
    }
    ctx.body = { data: { runId: run.id, nodeId, decision: body.decision } };
  });

  return router;
}

function approvalRefused(nodeId: string, reason: string): AtelierError {
  return new AtelierError('VALIDATION_ERROR', `Cannot decide node "${nodeId}": ${reason}`, {
    details: [{ param: 'nodeId', code: 'not_awaiting_approval', message: reason }],
  });
}
