import { compileApp, type CompiledApp } from '../app/compiled-app';
import type { DiscoveryCandidate } from '../discovery/candidate';
import type { DiscoveryMatch } from '../discovery/match';
import type { SemanticEvidence } from '../discovery/judgement/semantic-evidence';
import { rankApps, readForCatalog, type DiscoveryResult } from '../discovery/rank-apps';
import { readStructured } from '../language/structured-brief';
import { appTermsOf } from './app-terms';
import { mergeModelInputs, type ModelChoice } from './model-choice';
import type { Ask, Draft } from './draft';
import { draftInputs } from './draft-inputs';
import { withPromptGuidance, withQualityGates, type QualityGate } from './graph-variants';
import { guidanceText, isEmptyGuidance, type PromptGuidance } from './prompt-guidance';
import { candidatesOf, clarifyingQuestion, type ContentCandidate } from './clarify';
import { settleWeakEvidence } from './input-sources';
import { runThresholdOf, type ModelKind } from '../discovery/judgement/confidence';

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
  semantic?: SemanticEvidence;
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

/** How sure the engine is that the app it chose is the one the brief wants (null: the caller chose). */
export interface PlanConfidence {
  value: number;
  runThreshold: number;
  /** lexical, or semantic when an embeddings model added its similarity. */
  model: ModelKind;
}

/** Why no run was formed: no app does it, the engine is not sure which, or the app lacks media. */
export type UnmatchedCause = 'no_fit' | 'unsure' | 'cannot_run';

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
      confidence: PlanConfidence | null;
    }
  | {
      status: 'needs_input';
      selectedApp: SelectedApp | null;
      draft: Draft;
      askUser: Omit<Ask, 'autoFillable'>[];
    }
  | {
      status: 'needs_clarification';
      cause: 'no_fit' | 'unsure';
      reason: string;
      question: string;
      candidates: ContentCandidate[];
      confidence: PlanConfidence;
    }
  | {
      status: 'unmatched';
      cause: UnmatchedCause;
      reason: string;
      ranked: DiscoveryMatch[];
      candidates: ContentCandidate[];
      /** no_fit and unsure: how sure the router was of its first match. */
      confidence?: PlanConfidence;
      /** cannot_run: the app that fits, and what it lacks. */
      selectedApp?: SelectedApp;
      unmetAsks?: Ask[];
    };

/**
 * Turns a brief into a run plan, or says what is missing.
 * 1. App: the caller's `appId` (interactive only, mode "app"); else discovery's ranking, verdict and
 *    judgement over the brief with its platform and modality (mode "recipe"): create never runs an
 *    app discovery would not list first.
 * 2. No run when no app fits (the verdict, or a chat model's no_app_fits) or when the likeliest app's
 *    confidence is below its model's run threshold (unsure): headless -> unmatched with the cause and
 *    the candidates; interactive -> needs_clarification with one question (noRun). A chat model's
 *    tool call chooses among discovery's matches, its inputs merged over the rules' draft.
 * 3. Draft the inputs of the chosen app (draftInputs); text from weak evidence is dropped
 *    (settleWeakEvidence). Interactive: a value that cannot be drafted -> needs_input. Headless never
 *    asks: guessed options are reported as unmetAsks; a required URL or text the brief does not give
 *    means the app cannot run -> unmatched (cannot_run) naming it, never another app.
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
      draftForApp(request, forced, false),
      [],
      null,
    );

  const discovery = rankForContent(request, apps);
  const ranked = discovery.matches;
  const model = request.modelChoice;
  const confidence = {
    value: discovery.judgement.confidence,
    runThreshold: runThresholdOf(discovery.judgement.model),
    model: discovery.judgement.model,
  };
  if (model?.kind === 'no_fit')
    return noRun(
      request,
      'no_fit',
      `The chat model found no app for the brief: ${model.reason}`,
      ranked,
      confidence,
    );
  const chosen = model?.kind === 'app' ? ranked.find((m) => m.appId === model.appId) : undefined;
  if (!chosen) {
    if (!ranked[0] || discovery.verdict.status === 'unmatched')
      return noRun(
        request,
        'no_fit',
        discovery.verdict.reason ?? 'No app fits the brief.',
        ranked,
        confidence,
        ranked.length > 0 ? ranked : discovery.nearMisses,
      );
    if (confidence.value < confidence.runThreshold)
      return noRun(request, 'unsure', unsureReason(ranked, confidence), ranked, confidence);
  }
  const best = chosen ?? ranked[0];
  const app = apps.find((a) => a.appId === best.appId)!;
  const rules = draftForApp(request, app, request.headless);
  const parameters = app.compiled.definition.parameters;
  const draft = settleWeakEvidence(
    parameters,
    model?.kind === 'app' ? mergeModelInputs(rules, model.inputs) : rules,
  );
  const rationale =
    model?.kind === 'app' ? `chosen by the chat model (tool call); ${best.whyMatch}` : best.whyMatch;
  const selectedApp = { appId: app.appId, name: app.compiled.definition.name, rationale };
  const judged = chosen ? null : confidence;
  if (!request.headless) {
    if (draft.asks.length > 0)
      return {
        status: 'needs_input',
        selectedApp,
        draft,
        askUser: draft.asks.map(({ autoFillable: _, ...ask }) => ask),
      };
    return finish(request, app, 'recipe', rationale, draft, [], judged);
  }
  const missing = draft.asks.filter((a) => !a.autoFillable);
  if (missing.length > 0)
    return {
      status: 'unmatched',
      cause: 'cannot_run',
      reason: cannotRun(best.name, missing),
      ranked,
      candidates: candidatesOf([best]),
      selectedApp,
      unmetAsks: draft.asks,
    };
  return finish(request, app, 'recipe', rationale, draft, [], judged);
}

/**
 * No run: headless answers unmatched with the candidates (the caller's agent may pick one and call
 * Run App, or create again with appId in interactive mode); interactive asks one question that tells
 * the candidates apart. A no-fit brief offers the near misses that reach the listing threshold, or,
 * when none does, the apps the nearest example requests were made with.
 */
function noRun(
  request: ContentRequest,
  cause: 'no_fit' | 'unsure',
  why: string,
  ranked: DiscoveryMatch[],
  confidence: PlanConfidence,
  offered: DiscoveryMatch[] = ranked,
): ContentPlan {
  const candidates = candidatesOf(offered);
  if (request.headless) {
    const reason =
      cause === 'no_fit'
        ? `${why} Describe the content to make, e.g. "a square Instagram image announcing our spring sale".`
        : why;
    return { status: 'unmatched', cause, reason, ranked, candidates, confidence };
  }
  return {
    status: 'needs_clarification',
    cause,
    reason: why,
    question: clarifyingQuestion(candidates),
    candidates,
    confidence,
  };
}

function unsureReason(ranked: DiscoveryMatch[], confidence: PlanConfidence): string {
  const names = candidatesOf(ranked).map((c) => `"${c.name}"`);
  return `Not sure enough which app the brief wants (confidence ${confidence.value.toFixed(2)}, a run needs ${confidence.runThreshold.toFixed(2)}): the closest are ${names.join(', ')}. Pick one by appId, or say what to make.`;
}

/** Why the best app cannot run: the media it needs and the brief does not deliver. */
export function cannotRun(name: string, missing: Ask[], why?: string): string {
  const media = missing.some((a) => a.type === 'url')
    ? ' (an image can come from POST /v1/generate/image)'
    : '';
  return `"${name}" fits the brief but needs ${describeMissing(missing)}${why ? ` (${why})` : ''}, which cannot be drafted from it; pass it in inputs${media} and call again.`;
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

/** The inputs content creation drafts for one app from the request (best effort: guesses allowed, as headless). */
export function draftForApp(request: ContentRequest, app: ContentApp, bestEffort: boolean): Draft {
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
  confidence: PlanConfidence | null,
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
    confidence,
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
