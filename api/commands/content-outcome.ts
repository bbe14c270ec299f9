import { inputSourcesOf } from '../../core/content/input-sources';
import type { ContentPlan } from '../../core/content/plan-content';

/**
 * The JSON of an outcome that starts nothing: needs_input, needs_clarification or unmatched, with the
 * router's warnings when it has any (the chat model's answer the rules replaced, an ignored appId).
 */
export function noRunOutcome(
  plan: Exclude<ContentPlan, { status: 'ran' }>,
  warnings: { field: string; message: string }[] = [],
): Record<string, unknown> {
  return { ...outcomeOf(plan), ...(warnings.length > 0 ? { warnings } : {}) };
}

function outcomeOf(plan: Exclude<ContentPlan, { status: 'ran' }>): Record<string, unknown> {
  switch (plan.status) {
    case 'needs_input':
      return {
        status: 'needs_input',
        selectedApp: plan.selectedApp,
        draftedInputs: plan.draft.inputs,
        askUser: plan.askUser,
        unmetAsks: plan.draft.asks,
      };
    case 'needs_clarification':
      return {
        status: 'needs_clarification',
        cause: plan.cause,
        reason: plan.reason,
        question: plan.question,
        candidates: plan.candidates,
        confidence: plan.confidence,
      };
    case 'unmatched':
      return {
        status: 'unmatched',
        reason: plan.reason,
        cause: plan.cause,
        candidates: plan.candidates,
        ...(plan.confidence ? { confidence: plan.confidence } : {}),
        ...(plan.selectedApp ? { selectedApp: plan.selectedApp, unmetAsks: plan.unmetAsks ?? [] } : {}),
      };
  }
}

/** What a ran (or planned) outcome says of its choice, beside the run. */
export function choiceOf(
  plan: Extract<ContentPlan, { status: 'ran' }>,
  warnings: { field: string; message: string }[],
): Record<string, unknown> {
  return {
    mode: plan.mode,
    selectedApp: plan.selectedApp,
    draftedInputs: plan.draft.inputs,
    inputSources: inputSourcesOf(plan.app.definition.parameters, plan.draft),
    warnings: [...plan.warnings, ...warnings],
    unmetAsks: plan.unmetAsks,
    confidence: plan.confidence,
  };
}
