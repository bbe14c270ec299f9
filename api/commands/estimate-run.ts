import type { Caller } from '../../core/app/app-access';
import { estimateCredits } from '../../core/billing/credits';
import { validationError } from '../../core/errors';
import { ancestorsOf } from '../../core/graph/find-subgraph';
import { affordability } from '../../adapters/db/credits';
import type { Estimate } from '../../core/responses/apps';
import type { ApiDeps } from '../deps';
import type { LoadedApp } from './load-app';

/**
 * POST /v1/apps/{appId}/estimate: what a run of the app (or of the nodes the named outputs need)
 * is expected to cost, against the workspace's balance.
 */
export async function estimateRun(
  deps: ApiDeps,
  caller: Caller,
  app: LoadedApp,
  outputs: string[] | undefined,
): Promise<Estimate> {
  let execute = app.plan.nodes.map((n) => n.id);
  if (outputs?.length) {
    const targets = outputs.map((label) =>
      app.plan.outputs.find((o) => o.label.toLowerCase() === label.toLowerCase()),
    );
    const unknown = outputs.filter((_, i) => !targets[i]);
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
  // The same test a launch makes: the worst case against the balance after what runs in flight hold.
  const { balance, affordable } = await affordability(deps.db, caller.workspaceId, estimate.max);
  return {
    appId: app.row.id,
    name: app.row.name,
    estimatedCredits: { expected: estimate.expected, min: estimate.min, max: estimate.max },
    breakdown: estimate.breakdown,
    currentBalance: balance,
    affordable,
  };
}
