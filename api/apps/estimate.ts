import Router from '@koa/router';
import { z } from 'zod';
import { estimateCredits } from '../../core/billing/credits';
import { ancestorsOf } from '../../core/graph/find-subgraph';
import { validationError } from '../../core/errors';
import { creditBalance } from '../../adapters/db/credits';
import type { ApiDeps } from '../deps';
import { parseWith, uuidParam } from '../validate';
import { loadUsableApp } from './app-store';

export const EstimateBody = z.object({
  outputs: z.array(z.string().min(1)).max(50).optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
});

export function estimateRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.post('/apps/:appId/estimate', async (ctx) => {
    const app = await loadUsableApp(deps.db, uuidParam(ctx.params.appId, 'App'), ctx.state.caller);
    const body = parseWith(EstimateBody, ctx.request.body);
    let execute = app.plan.nodes.map((n) => n.id);
    if (body.outputs?.length) {
      const targets = body.outputs.map((label) =>
        app.plan.outputs.find((o) => o.label.toLowerCase() === label.toLowerCase()),
      );
      const unknown = body.outputs.filter((_, i) => !targets[i]);
      if (unknown.length)
        throw validationError(
          unknown.map((label) => ({
            param: 'outputs',
            code: 'unknown_output',
            message: `outputs: "${label}" is not an output of this app`,
          })),
        );
      execute = ancestorsOf(
        app.plan,
        targets.map((t) => t!.nodeId),
      );
    }
    const estimate = estimateCredits(app.plan, execute, deps.costs);
    const { balance } = await creditBalance(deps.db, ctx.state.caller.workspaceId);
    ctx.body = {
      data: {
        appId: app.row.id,
        name: app.row.name,
        estimatedCredits: { expected: estimate.expected, min: estimate.min, max: estimate.max },
        breakdown: estimate.breakdown,
        currentBalance: balance,
        affordable: balance >= estimate.expected,
      },
    };
  });
  return router;
}
