import { compileApp, type CompiledApp } from '../app/compiled-app';
import type { DiscoveryCandidate } from '../discovery/candidate';
import { rankApps, type DiscoveryMatch } from '../discovery/rank-apps';
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

/** Below this relevance an app is not a fit for a brief. */
export const CONTENT_MIN_RELEVANCE = 0.2;
/** Headless fallbacks must stay this close to the best match. */
const FALLBACK_SHARE = 0.6;
const FALLBACK_DEPTH = 3;

/**
 * Turns a brief into a run plan, or says what is missing.
 * 1. App: the caller's `appId` (interactive only, mode "app"); else discovery over the brief with
 *    its platform and modality (mode "recipe"), preferring apps that output the modality asked for.
 * 2. Draft the inputs (draftInputs). Interactive: a required value that cannot be drafted -> needs_input.
 *    Headless: never asks. The best match whose required URLs are met runs (within the top 3 and
 *    0.6 x the best score); guesses are reported as unmetAsks. No fit, or only apps needing a URL the
 *    brief lacks -> unmatched with the reason.
 * 3. Guidance (brand, template, placement) goes into prompt-role parameters, or, when the app has
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

  const ranked = rankForContent(request, apps);
  const best = ranked[0];
  if (!best || best.relevanceScore < CONTENT_MIN_RELEVANCE) {
    const reason = `No app fits the brief${best ? ` (best candidate "${best.name}" scored ${best.relevanceScore})` : ''}; describe the content to make, e.g. "a square Instagram image announcing our spring sale".`;
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
  const byId = new Map(apps.map((a) => [a.appId, a]));
  if (!request.headless) {
    const app = byId.get(best.appId)!;
    const draft = draftFor(request, app, false);
    const selectedApp = { appId: app.appId, name: app.compiled.definition.name, rationale: best.whyMatch };
    if (draft.asks.length > 0)
      return {
        status: 'needs_input',
        selectedApp,
        draft,
        askUser: draft.asks.map(({ autoFillable: _, ...ask }) => ask),
      };
    return finish(request, app, 'recipe', best.whyMatch, draft, []);
  }

  const viable = ranked
    .slice(0, FALLBACK_DEPTH)
    .filter((m) => m.relevanceScore >= Math.max(CONTENT_MIN_RELEVANCE, best.relevanceScore * FALLBACK_SHARE));
  const skipped: { name: string; missing: Ask[] }[] = [];
  for (const match of viable) {
    const app = byId.get(match.appId)!;
    const draft = draftFor(request, app, true);
    const missing = draft.asks.filter((a) => !a.autoFillable);
    if (missing.length > 0) {
      skipped.push({ name: match.name, missing });
      continue;
    }
    const warnings = skipped.map((s) => ({
      field: 'appId',
      message: `"${s.name}" fits better but needs ${describeMissing(s.missing)}; ran "${match.name}" instead`,
    }));
    return finish(request, app, 'recipe', match.whyMatch, draft, warnings);
  }
  const first = skipped[0];
  return {
    status: 'unmatched',
    reason: `"${first.name}" fits the brief but needs ${describeMissing(first.missing)}, which cannot be drafted; pass it in inputs (an image can come from POST /v1/generate/image) and call again.`,
    ranked,
  };
}

/** Discovery as content creation runs it: brief, platform and modality, preferring the modality asked for. */
export function rankForContent(request: ContentRequest, apps: ContentApp[]): DiscoveryMatch[] {
  const intent = [request.brief, request.platform, request.modality].filter(Boolean).join(' ');
  const candidates = apps.map((a) => a.candidate);
  const modality = request.modality?.toLowerCase();
  if (modality && ['image', 'video', 'audio', 'text'].includes(modality)) {
    const narrowed = rankApps(intent, candidates, {
      constraints: { outputFormat: modality },
      limit: 10,
      semantic: request.semantic,
    });
    if (narrowed.matches.length > 0) return narrowed.matches;
  }
  return rankApps(intent, candidates, { limit: 10, semantic: request.semantic }).matches;
}

function draftFor(request: ContentRequest, app: ContentApp, bestEffort: boolean): Draft {
  return draftInputs(app.compiled.definition.parameters, {
    brief: request.brief,
    platform: request.platform,
    aspectRatio: request.aspectRatio,
    inputs: request.inputs,
    bestEffort,
  });
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
