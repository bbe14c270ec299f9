import { compileApp, type CompiledApp } from '../app/compiled-app';
import type { DiscoveryCandidate } from '../discovery/candidate';
import { rankApps, readForCatalog, type DiscoveryMatch, type DiscoveryResult } from '../discovery/rank-apps';
import { readStructured } from '../discovery/structured-brief';
import { appTermsOf } from './app-terms';
import { mergeModelInputs, type ModelChoice } from './model-choice';
import { draftInputs, type Ask, type Draft } from './draft-inputs';
import { withPromptGuidance, withQualityGates, type QualityGate } from './graph-variants';
import { guidanceText, isEmptyGuidance, type PromptGuidance } from './prompt-guidance';

export interface ContentApp {
  appId: string;
  compiled: CompiledApp;
  candidate: DiscoveryCandidate;
}

export interface ContentRequest {
  brief: string;
  platform?: string | null;
  modality?: string | null;
  aspectRatio?: string | null;
  inputs?: Record<string, unknown>;
  headless: boolean;
  /** An app the caller forces (ignored in headless mode). */
  appId?: string | null;
  guidance: PromptGuidance;
  qualityGate?: QualityGate | null;
  semantic?: Map<string, number>;
  /** Every candidate, for reading the brief against the catalog's words (typos); defaults to the app's own. */
  catalog?: DiscoveryCandidate[];
  /** A chat model's choice by tool calling (readToolCall), when one is configured and answered well. */
  modelChoice?: ModelChoice | null;
}

export interface SelectedApp {
  appId: string;
  name: string;
  rationale: string;
}

export type ContentPlan =
  | {
      status: 'ran';
      mode: 'app' | 'recipe';
      selectedApp: SelectedApp;
      /** The app to run: the catalog app, or a variant with guidance and quality gates folded in. */
      app: CompiledApp;
      draft: Draft;
      unmetAsks: Ask[];
      warnings: { field: string; message: string }[];
    }
  | {
      status: 'needs_input';
      selectedApp: SelectedApp | null;
      draft: Draft;
      askUser: Omit<Ask, 'autoFillable'>[];
    }
  | { status: 'unmatched'; reason: string; ranked: DiscoveryMatch[] };

/**
 * Turns a brief into a run plan, or says what is missing.
 * 1. App: the caller's `appId` (interactive only, mode "app"); else discovery's ranking and verdict
 *    over the brief with its platform and modality (mode "recipe"): the same decision as
 *    POST /v1/apps/discover, so create never runs an app discovery would not rank first.
 * 2. No fit (discovery's verdict): headless -> unmatched with discovery's reason; interactive ->
 *    needs_input asking for a clearer brief (the contract keeps unmatched for headless mode). With a
 *    chat model's tool call (modelChoice), the app it chose among discovery's best matches runs,
 *    its inputs merged over the rules' draft; its no_app_fits is the verdict.
 * 3. Draft the inputs of the best match (draftInputs). Interactive: a value that cannot be drafted
 *    -> needs_input. Headless never asks: guesses are reported as unmetAsks; a required URL the
 *    brief does not carry means the app cannot run -> unmatched naming it (never another app).
 * 4. Guidance (brand, template, placement) goes into prompt-role parameters, or, when the app has
 *    none, into its generation nodes; autoQuality inserts quality gates. The variant is recompiled.
 */
export function planContent(request: ContentRequest, apps: ContentApp[]): ContentPlan {
  const forced = !request.headless && request.appId ? apps.find((a) => a.appId === request.appId) : undefined;
  if (forced)
    return finish(
      request,
      forced,
      'app',
      'chosen by the caller (appId)',
      draftFor(request, forced, false),
      [],
    );

  const discovery = rankForContent(request, apps);
  const ranked = discovery.matches;
  const model = request.modelChoice;
  const best = model?.kind === 'app' ? ranked.find((m) => m.appId === model.appId) : ranked[0];
  const noFit =
    model?.kind === 'no_fit'
      ? `The chat model found no app for the brief: ${model.reason}`
      : !best || (!model && discovery.verdict.status === 'unmatched')
        ? (discovery.verdict.reason ?? 'No app fits the brief.')
        : null;
  if (noFit || !best) {
    const reason = `${noFit ?? 'No app fits the brief.'} Describe the content to make, e.g. "a square Instagram image announcing our spring sale".`;
    if (request.headless) return { status: 'unmatched', reason, ranked };
    return {
      status: 'needs_input',
      selectedApp: null,
      draft: { inputs: {}, sources: {}, asks: [], warnings: [] },
      askUser: [
        {
          name: 'brief',
          key: 'brief',
          question: `${reason} What would you like to create, and for which platform?`,
          type: 'text',
          required: true,
        },
      ],
    };
  }
  const app = apps.find((a) => a.appId === best.appId)!;
  const rules = draftFor(request, app, request.headless);
  const draft = model?.kind === 'app' ? mergeModelInputs(rules, model.inputs) : rules;
  const rationale =
    model?.kind === 'app' ? `chosen by the chat model (tool call); ${best.whyMatch}` : best.whyMatch;
  const selectedApp = { appId: app.appId, name: app.compiled.definition.name, rationale };
  if (!request.headless) {
    if (draft.asks.length > 0)
      return {
        status: 'needs_input',
        selectedApp,
        draft,
        askUser: draft.asks.map(({ autoFillable: _, ...ask }) => ask),
      };
    return finish(request, app, 'recipe', rationale, draft, []);
  }
  const missing = draft.asks.filter((a) => !a.autoFillable);
  if (missing.length > 0)
    return {
      status: 'unmatched',
      reason: cannotRun(best.name, missing),
      ranked,
    };
  return finish(request, app, 'recipe', rationale, draft, []);
}

/** Why the best app cannot run: the media it needs and the brief does not deliver. */
export function cannotRun(name: string, missing: Ask[], why?: string): string {
  return `"${name}" fits the brief but needs ${describeMissing(missing)}${why ? ` (${why})` : ''}, which cannot be drafted; pass it in inputs (an image can come from POST /v1/generate/image) and call again.`;
}

/** Discovery as content creation runs it: the brief, with the caller's platform and modality. */
export function rankForContent(request: ContentRequest, apps: ContentApp[]): DiscoveryResult {
  // The caller's platform and modality read as words of a prose request ("... tiktok video"); after
  // an agent's JSON or key=value brief, words would break its structure, so there they are options only.
  const prose = readStructured(request.brief) === null;
  const intent = prose
    ? [request.brief, request.platform, request.modality].filter(Boolean).join(' ')
    : request.brief;
  return rankApps(
    intent,
    apps.map((a) => a.candidate),
    {
      limit: 10,
      semantic: request.semantic,
      modality: request.modality?.toLowerCase() ?? null,
      platform: request.platform ?? null,
    },
  );
}

function draftFor(request: ContentRequest, app: ContentApp, bestEffort: boolean): Draft {
  const definition = app.compiled.definition;
  return draftInputs(
    definition.parameters,
    {
      brief: request.brief,
      platform: request.platform,
      aspectRatio: request.aspectRatio,
      inputs: request.inputs,
      bestEffort,
    },
    {
      reading: readForCatalog(request.brief, request.catalog ?? [app.candidate]),
      appTerms: appTermsOf(definition),
    },
  );
}

function finish(
  request: ContentRequest,
  app: ContentApp,
  mode: 'app' | 'recipe',
  rationale: string,
  draft: Draft,
  warnings: { field: string; message: string }[],
): ContentPlan {
  let definition = app.compiled.definition;
  const inputs = { ...draft.inputs };
  if (!isEmptyGuidance(request.guidance)) {
    const text = guidanceText(request.guidance);
    const prompts = definition.parameters.filter(
      (p) => p.role === 'prompt' && draft.sources[p.key] !== 'input' && typeof inputs[p.key] === 'string',
    );
    if (prompts.length > 0) for (const p of prompts) inputs[p.key] = `${inputs[p.key] as string}\n\n${text}`;
    else definition = withPromptGuidance(definition, { system: text, visual: visualText(request.guidance) });
  }
  if (request.qualityGate) definition = withQualityGates(definition, request.qualityGate);
  const compiled = definition === app.compiled.definition ? app.compiled : compileApp(definition);
  return {
    status: 'ran',
    mode,
    selectedApp: { appId: app.appId, name: app.compiled.definition.name, rationale },
    app: compiled,
    draft: { ...draft, inputs },
    unmetAsks: draft.asks,
    warnings: [...draft.warnings, ...warnings],
  };
}

/** For images and clips only the look matters: directives and what to avoid, not the voice. */
function visualText(g: PromptGuidance): string {
  return guidanceText({
    voice: [],
    pillars: [],
    placement: [],
    directives: g.directives,
    negatives: g.negatives,
  });
}

const describeMissing = (asks: Ask[]) =>
  asks.map((a) => `${a.key} (${a.type === 'url' ? 'a public media URL' : a.type})`).join(', ');
