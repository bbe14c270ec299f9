import type { AppParameter } from '../app/app-definition';
import type { Ask } from './draft';
import { question } from './draft-inputs';
import { cannotRun, type ContentPlan } from './plan-content';

/** A media URL drafted from the brief that cannot be used, and why (unreachable, refused, not an image). */
export interface MediaFailure {
  key: string;
  url: string;
  reason: string;
}

type RanPlan = Extract<ContentPlan, { status: 'ran' }>;

/**
 * A brief's media URL that cannot be used never blocks the answer with an error.
 * 1. The URL leaves the drafted inputs and becomes an ask whose question says why it failed.
 * 2. Headless: a parameter with a default runs on its default, the ask listed in unmetAsks with a
 *    warning; a required one means the app cannot run -> unmatched naming the URL and the reason.
 * 3. Interactive: needs_input, asking for a URL that works.
 */
export function withoutUnreachableMedia(
  plan: RanPlan,
  parameters: AppParameter[],
  failures: MediaFailure[],
  headless: boolean,
): ContentPlan {
  if (failures.length === 0) return plan;
  const inputs = { ...plan.draft.inputs };
  const sources = { ...plan.draft.sources };
  const asks: Ask[] = [];
  const warnings = [...plan.warnings];
  for (const f of failures) {
    const p = parameters.find((q) => q.key === f.key)!;
    delete inputs[f.key];
    delete sources[f.key];
    asks.push({
      name: p.name,
      key: p.key,
      question: `${question(p)} The URL in the brief (${f.url}) cannot be used: ${f.reason}.`,
      type: p.type,
      required: p.default === undefined,
      autoFillable: false,
    });
    warnings.push({ field: `inputs.${p.key}`, message: `${f.url} cannot be used: ${f.reason}` });
  }
  const draft = { ...plan.draft, inputs, sources, asks: [...plan.draft.asks, ...asks], warnings };
  if (!headless)
    return {
      status: 'needs_input',
      selectedApp: plan.selectedApp,
      draft,
      askUser: draft.asks.map(({ autoFillable: _, ...ask }) => ask),
    };
  const blocking = asks.filter((a) => a.required);
  if (blocking.length > 0)
    return {
      status: 'unmatched',
      cause: 'cannot_run',
      selectedApp: plan.selectedApp,
      unmetAsks: draft.asks,
      candidates: [],
      reason: cannotRun(
        plan.selectedApp.name,
        blocking,
        failures.map((f) => `${f.url}: ${f.reason}`).join('; '),
      ),
      ranked: [],
    };
  return { ...plan, draft, unmetAsks: [...plan.unmetAsks, ...asks], warnings };
}
