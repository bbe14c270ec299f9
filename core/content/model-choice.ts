import type { AppParameter } from '../app/app-definition';
import type { DiscoveryMatch } from '../discovery/match';
import { validateInputs } from '../run/validate-inputs';
import { clipToLength } from '../text/graphemes';
import { plainWords } from '../language/tokens';
import type { Draft } from './draft';
import { NO_FIT_SCHEMA, NO_FIT_TOOL, parameterSchema, toolName } from './tool-schema';

/** What a chat model chose by tool calling: an app and its inputs, or that nothing fits. */
export type ModelChoice =
  { kind: 'app'; appId: string; inputs: Record<string, unknown> } | { kind: 'no_fit'; reason: string };

export interface OfferedApp {
  tool: string;
  appId: string;
  name: string;
  parameters: AppParameter[];
}

/** How much of the model's no_app_fits reason the answer quotes. */
const NO_FIT_REASON_MAX = 300;

/** How many of discovery's best matches the model chooses among. */
export const MODEL_OFFER = 5;

/**
 * The tools offered to the model: discovery's best matches (never an app a decisive check ruled
 * out), each with its parameters as a strict schema, and a `no_app_fits` function.
 */
export function offerFor(
  matches: DiscoveryMatch[],
  parametersOf: (appId: string) => AppParameter[] | undefined,
  describe: (appId: string) => string,
): {
  offered: OfferedApp[];
  tools: { name: string; description: string; parameters: Record<string, unknown> }[];
} {
  const offered = matches.slice(0, MODEL_OFFER).flatMap((m, i) => {
    const parameters = parametersOf(m.appId);
    return parameters ? [{ tool: toolName(i, m.name), appId: m.appId, name: m.name, parameters }] : [];
  });
  const tools = [
    ...offered.map((o) => ({
      name: o.tool,
      description: `${o.name}: ${describe(o.appId)}`.slice(0, 1000),
      parameters: parameterSchema(o.parameters),
    })),
    {
      name: NO_FIT_TOOL,
      description:
        'None of the apps makes what the brief asks for (a document, a translation, analytics, scheduling, editing an existing file ...).',
      parameters: NO_FIT_SCHEMA,
    },
  ];
  return { offered, tools };
}

export const MODEL_SYSTEM = [
  'You route a content brief to one app of a content-creation service and fill its inputs.',
  'Call exactly one function. Call no_app_fits when no app makes what the brief asks for.',
  'Fill each input only from the brief: the value itself, never a label ("Vertical video ad:"), the',
  'request ("make a post"), a platform or an aspect ratio unless the field asks for it. Copy quoted text',
  'as written. Use null for anything the brief does not state. Never invent a URL.',
].join(' ');

/** The user message: the brief and the caller's stated placement. */
export function modelUserMessage(request: {
  brief: string;
  platform?: string | null;
  aspectRatio?: string | null;
}): string {
  return [
    `Brief: ${request.brief}`,
    request.platform ? `Platform: ${request.platform}` : '',
    request.aspectRatio ? `Aspect ratio: ${request.aspectRatio}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Reads the model's tool call, or says why it cannot be used.
 * 1. The function must be one offered; its arguments must be a JSON object.
 * 2. no_app_fits -> no_fit with the model's reason (clipped; no other field).
 * 3. An app: nulls are dropped (defaults stand); a URL not written in the brief is dropped (never
 *    invented); a text value must be made of the brief's own words (fromBrief: a model that fills a
 *    field with words the brief does not have invented it); the rest must pass the same validation
 *    as a run (validateInputs), missing values apart (the rules may still fill them).
 */
export function readToolCall(
  call: { name: string; arguments: string },
  offered: OfferedApp[],
  brief: string,
): ModelChoice | { error: string } {
  let args: unknown;
  try {
    args = JSON.parse(call.arguments);
  } catch {
    return { error: `the arguments of ${call.name} are not JSON` };
  }
  if (!args || typeof args !== 'object' || Array.isArray(args))
    return { error: 'the arguments are not an object' };
  const given = args as Record<string, unknown>;
  if (call.name === NO_FIT_TOOL) {
    const extra = Object.keys(given).filter((k) => k !== 'reason');
    if (extra.length > 0) return { error: `unknown fields ${extra.join(', ')} in no_app_fits` };
    return typeof given.reason === 'string' && given.reason.trim()
      ? { kind: 'no_fit', reason: clipToLength(given.reason.trim(), NO_FIT_REASON_MAX) }
      : { error: 'no_app_fits came without a reason' };
  }
  const app = offered.find((o) => o.tool === call.name);
  if (!app) return { error: `the model called ${call.name}, which was not offered` };
  const inputs: Record<string, unknown> = {};
  for (const p of app.parameters) {
    const value = given[p.key];
    if (value === null || value === undefined || value === '') continue;
    if (p.type === 'url' && (typeof value !== 'string' || !brief.includes(value))) continue;
    inputs[p.key] = value;
  }
  const unknown = Object.keys(given).filter((k) => !app.parameters.some((p) => p.key === k));
  if (unknown.length > 0) return { error: `unknown fields ${unknown.join(', ')}` };
  const invented = app.parameters.filter(
    (p) => p.type === 'text' && p.key in inputs && !fromBrief(inputs[p.key], brief),
  );
  if (invented.length > 0)
    return {
      error: `${invented.map((p) => `${p.key} ${JSON.stringify(inputs[p.key])}`).join(', ')} not in the brief`,
    };
  const { details } = validateInputs(app.parameters, inputs);
  const wrong = details.filter((d) => d.code !== 'missing_no_default');
  if (wrong.length > 0) return { error: wrong.map((d) => d.message).join('; ') };
  const missing = app.parameters.filter(
    (p) => p.type !== 'url' && p.default === undefined && !(p.key in inputs),
  );
  if (missing.length > 0) return { error: `missing ${missing.map((p) => p.key).join(', ')}` };
  return { kind: 'app', appId: app.appId, inputs };
}

/** Whether every word of a (text, or list of texts) value occurs in the brief. */
function fromBrief(value: unknown, brief: string): boolean {
  const briefWords = new Set(plainWords(brief));
  const values = Array.isArray(value) ? value : [value];
  return values.every((v) => typeof v !== 'string' || plainWords(v).every((w) => briefWords.has(w)));
}

/**
 * The rules' draft with the model's values merged in: the caller's inputs still win; a model value
 * replaces the rules' for the same field (source "model") and settles its ask.
 */
export function mergeModelInputs(draft: Draft, inputs: Record<string, unknown>): Draft {
  const merged: Draft = {
    inputs: { ...draft.inputs },
    sources: { ...draft.sources },
    asks: [...draft.asks],
    warnings: [...draft.warnings],
  };
  for (const [key, value] of Object.entries(inputs)) {
    if (merged.sources[key] === 'input') continue;
    merged.inputs[key] = value;
    merged.sources[key] = 'model';
    merged.asks = merged.asks.filter((a) => a.key !== key);
  }
  return merged;
}
