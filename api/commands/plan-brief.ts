import type { Caller } from '../../core/app/app-access';
import { estimateCredits } from '../../core/billing/credits';
import type { CreateContentBody } from '../content/schema';
import type { ApiDeps } from '../deps';
import type { BriefModel } from './brief-model';
import { choiceOf, noRunOutcome } from './content-outcome';
import { routeBrief } from './route-brief';
import type { SemanticScorer } from './semantic-scorer';

/**
 * POST /v1/content/plan: the router of content/create without dispatch. Where create would run,
 * the answer is `planned` with the app, its drafted inputs and what a run would cost; every other
 * outcome is create's own. Nothing is stored, started or charged.
 */
export async function planBrief(
  deps: ApiDeps,
  caller: Caller,
  body: CreateContentBody,
  options: { semantic: SemanticScorer; model?: BriefModel },
): Promise<Record<string, unknown>> {
  const routed = await routeBrief(deps, caller, body, options);
  const { plan } = routed;
  if (plan.status !== 'ran') return noRunOutcome(plan, routed.warnings);
  const estimate = estimateCredits(
    plan.app.plan,
    plan.app.plan.nodes.map((n) => n.id),
    deps.costs,
  );
  return {
    status: 'planned',
    ...choiceOf(plan, routed.warnings),
    estimatedCredits: { expected: estimate.expected, min: estimate.min, max: estimate.max },
  };
}
