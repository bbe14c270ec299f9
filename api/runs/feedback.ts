import Router from '@koa/router';
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { FEEDBACK_MAX_LENGTH } from '../../core/refinement/prompt';
import { WAIT_TIMEOUT_DEFAULT_SECONDS, WAIT_TIMEOUT_MAX_SECONDS } from '../../core/limits';
import { findRun } from '../../adapters/db/runs';
import type { ApiDeps } from '../deps';
import { parseWith, uuidParam } from '../validate';
import { refineRun } from './refine-run';

export const FeedbackBody = z.object({
  feedback: z.string().trim().min(1, 'feedback is required').max(FEEDBACK_MAX_LENGTH),
});
/** How long the answer waits for the refined revision; 0 answers at once with the run queued. */
export const FeedbackQuery = z.object({
  timeout: z.coerce.number().int().min(0).max(WAIT_TIMEOUT_MAX_SECONDS).default(WAIT_TIMEOUT_DEFAULT_SECONDS),
});

/** POST /v1/runs/{runId}/feedback: refine a completed run in place (see refine-run.ts). */
export function feedbackRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.post('/runs/:runId/feedback', async (ctx) => {
    const run = await findRun(deps.db, uuidParam(ctx.params.runId, 'Run'), ctx.state.caller.workspaceId);
    if (!run) throw notFound('Run');
    const { feedback } = parseWith(FeedbackBody, ctx.request.body);
    const { timeout } = parseWith(FeedbackQuery, ctx.query);
    ctx.body = { data: await refineRun(deps, run, feedback, timeout * 1000) };
  });
  return router;
}
