import Router from '@koa/router';
import type { Caller } from '../../core/app/app-access';
import { isUuid } from '../../core/ids';
import { presentRunSummary } from '../../core/run/present-run';
import { assertWebhookUrl } from '../../core/run/webhook-url';
import { applyBrand } from '../commands/apply-brand';
import { cancelRun } from '../commands/cancel-run';
import { findOwnRun } from '../commands/find-own-run';
import { waitForRun } from '../commands/follow-run';
import { listRuns } from '../commands/list-runs';
import { loadUsableApp } from '../commands/load-app';
import { refineRun } from '../commands/refine-run';
import { reviewRun } from '../commands/review-run';
import { startRun } from '../commands/start-run';
import type { ApiDeps } from '../deps';
import type { IdempotencyState } from '../middleware/idempotency';
import { parseWith, uuidParam } from '../validate';
import { ApprovalBody, FeedbackBody, FeedbackQuery, ListQuery, RunBody, RunQuery, WaitQuery } from './schema';
import { readRun } from './read-run';
import { streamRun } from './stream';

type RunContext = { params: Record<string, string>; state: { caller: Caller } };

export function runsRouter(deps: ApiDeps): Router {
  const router = new Router();
  const ownRun = (ctx: RunContext) => findOwnRun(deps, ctx.state.caller, uuidParam(ctx.params.runId, 'Run'));

  router.post('/apps/:appId/runs', async (ctx) => {
    const caller: Caller = ctx.state.caller;
    const loaded = await loadUsableApp(deps.db, uuidParam(ctx.params.appId, 'App'), caller);
    const body = parseWith(RunBody, ctx.request.body);
    const webhookUrl = assertWebhookUrl(parseWith(RunQuery, ctx.query).webhook);
    const app = body.applyBrand ? await applyBrand(deps, caller, loaded, body.brandProfileId) : loaded;
    const sandbox = body.test === true || ctx.get('x-atelier-test').toLowerCase() === 'true';
    const newRunId = (ctx.state.idempotency as IdempotencyState | undefined)?.runId;
    const run = await startRun(deps, caller, app, { ...body, webhookUrl, sandbox, source: 'api', newRunId });
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
    const { rows, total } = await listRuns(deps, ctx.state.caller, query);
    ctx.body = { data: rows.map(presentRunSummary), pagination: { total, ...pagination } };
  });

  router.get('/runs/:runId', readRun(deps));

  router.get('/runs/:runId/wait', async (ctx) => {
    const { timeout } = parseWith(WaitQuery, ctx.query);
    const run = await ownRun(ctx);
    const result = await waitForRun(deps.db, deps.bus, run.id, timeout * 1000, deps.draining);
    if (result.timedOut) ctx.body = { data: result.run, timeout: true };
    else if (result.awaitingApproval) ctx.body = { data: result.run, awaitingApproval: true };
    else ctx.body = { data: result.run };
  });

  router.get('/runs/:runId/stream', async (ctx) => {
    const run = await ownRun(ctx);
    await streamRun(ctx, run.id, { db: deps.db, bus: deps.bus, draining: deps.draining });
  });

  router.post('/runs/:runId/cancel', async (ctx) => {
    ctx.body = { data: await cancelRun(deps, await ownRun(ctx)) };
  });

  router.post('/runs/:runId/approvals/:nodeId', async (ctx) => {
    const run = await ownRun(ctx);
    const body = parseWith(ApprovalBody, ctx.request.body);
    const decision = { nodeId: ctx.params.nodeId, ...body };
    ctx.body = { data: await reviewRun(deps, run, decision, ctx.state.caller) };
  });

  return router;
}

/** POST /v1/runs/{runId}/feedback: refine a completed run in place (see commands/refine-run.ts). */
export function feedbackRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.post('/runs/:runId/feedback', async (ctx) => {
    const run = await findOwnRun(deps, ctx.state.caller, uuidParam(ctx.params.runId, 'Run'));
    const { feedback } = parseWith(FeedbackBody, ctx.request.body);
    const { timeout } = parseWith(FeedbackQuery, ctx.query);
    ctx.body = { data: await refineRun(deps, run, feedback, timeout * 1000) };
  });
  return router;
}
