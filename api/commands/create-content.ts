import type { Caller } from '../../core/app/app-access';
import type { CreateContentBody } from '../content/schema';
import type { ApiDeps } from '../deps';
import type { BriefModel } from './brief-model';
import { choiceOf, noRunOutcome } from './content-outcome';
import { routeBrief } from './route-brief';
import type { SemanticScorer } from './semantic-scorer';
import { startRun } from './start-run';

export interface ContentOutcome {
  status: 200 | 202;
  data: Record<string, unknown>;
}

/**
 * POST /v1/content/create as one command: the router (routeBrief) decides; ran -> startRun with
 * source "content" (202, the sandbox stub too); needs_input, needs_clarification and unmatched -> 200.
 */
export async function createContent(
  deps: ApiDeps,
  caller: Caller,
  body: CreateContentBody,
  options: { sandbox: boolean; semantic: SemanticScorer; model?: BriefModel },
): Promise<ContentOutcome> {
  const routed = await routeBrief(deps, caller, body, options);
  const { plan } = routed;
  if (plan.status !== 'ran') return { status: 200, data: noRunOutcome(plan, routed.warnings) };
  const chosen = routed.apps.find((a) => a.appId === plan.selectedApp.appId)!;
  const run = await startRun(
    deps,
    caller,
    { ...plan.app, row: chosen.loaded.row },
    {
      inputs: plan.draft.inputs,
      inputOverrides: {},
      webhookUrl: routed.webhookUrl,
      webhookEvents: body.webhookEvents ?? undefined,
      sandbox: options.sandbox,
      source: 'content',
    },
  );
  const choice = choiceOf(plan, routed.warnings);
  // The stub says where each input came from as the answer does: read from the brief, not given.
  const shown = run.status === 'test' ? { ...run, inputSources: choice.inputSources } : run;
  return {
    // 202 as for a real run, also for the sandbox stub: an agent tested in sandbox sees the real answer.
    status: 202,
    data: {
      status: 'ran',
      runId: run.runId,
      workflowId: run.workflowId,
      runStatus: run.status,
      ...choice,
      run: shown,
    },
  };
}
