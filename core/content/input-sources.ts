import type { AppParameter } from '../app/app-definition';
import type { Draft, DraftSource } from './draft';
import { askOf } from './draft-inputs';

/**
 * Where an input's value came from, in the words an agent reads: given by the caller, quoted in the
 * brief, written after a label ("Topic: ..."), read from a span of the brief (a cue, a list, a URL, a
 * named option or ratio), implied (the brief's subject, a platform's shape), a chat model's tool call,
 * the parameter's default, or guessed.
 */
export type InputSourceKind =
  'given' | 'quoted' | 'labelled' | 'span' | 'implied' | 'model' | 'default' | 'guessed';

export interface InputSource {
  source: InputSourceKind;
  /** How far the evidence can be trusted, 0..1: a fixed level per kind of evidence. */
  confidence: number;
}

const KIND: Record<DraftSource, InputSourceKind> = {
  input: 'given',
  quoted: 'quoted',
  attribution: 'quoted',
  field: 'labelled',
  cue: 'span',
  brief: 'span',
  list: 'span',
  option: 'span',
  aspect_ratio: 'span',
  url: 'span',
  subject: 'implied',
  platform: 'implied',
  model: 'model',
  guess: 'guessed',
};

const CONFIDENCE: Record<InputSourceKind, number> = {
  given: 1,
  default: 1,
  quoted: 0.95,
  labelled: 0.9,
  span: 0.8,
  implied: 0.6,
  model: 0.6,
  guessed: 0.2,
};

/** Evidence below this is weak: a text value from it is never used (see planContent). */
export const WEAK_EVIDENCE = 0.5;

/** The source of every parameter's value: drafted, or the default a run will take. */
export function inputSourcesOf(parameters: AppParameter[], draft: Draft): Record<string, InputSource> {
  return sourcesOf(parameters, (key) => {
    const drafted = draft.sources[key];
    return drafted ? KIND[drafted] : null;
  });
}

/** The sources of a run's inputs when the caller gave them by key (Run App): given, else the default. */
export function givenInputSources(
  parameters: AppParameter[],
  given: ReadonlySet<string>,
): Record<string, InputSource> {
  return sourcesOf(parameters, (key) => (given.has(key) ? 'given' : null));
}

function sourcesOf(
  parameters: AppParameter[],
  kindOf: (key: string) => InputSourceKind | null,
): Record<string, InputSource> {
  const out: Record<string, InputSource> = {};
  for (const p of parameters) {
    const kind = kindOf(p.key) ?? (p.default !== undefined ? 'default' : null);
    if (kind) out[p.key] = { source: kind, confidence: CONFIDENCE[kind] };
  }
  return out;
}

/** Parameters whose drafted value rests on weak evidence. */
export function weaklyDrafted(parameters: AppParameter[], draft: Draft): AppParameter[] {
  const sources = inputSourcesOf(parameters, draft);
  return parameters.filter((p) => p.key in draft.inputs && (sources[p.key]?.confidence ?? 1) < WEAK_EVIDENCE);
}

/**
 * A text value from weak evidence is never used: the parameter takes its default when it has one,
 * otherwise its ask can no longer be auto-filled (headless then cannot run). Every field still
 * guessed (an option's first label) is named in the warnings.
 */
export function settleWeakEvidence(parameters: AppParameter[], draft: Draft): Draft {
  const inputs = { ...draft.inputs };
  const sources = { ...draft.sources };
  const unusable = new Set<string>();
  const warnings = [...draft.warnings];
  for (const p of weaklyDrafted(parameters, draft)) {
    if (p.type === 'text') {
      delete inputs[p.key];
      delete sources[p.key];
      if (p.default === undefined) unusable.add(p.key);
      warnings.push({
        field: `inputs.${p.key}`,
        message: `the brief does not say what "${p.name}" should be; ${p.default === undefined ? 'give it in inputs' : 'its default is used'}`,
      });
    } else
      warnings.push({
        field: `inputs.${p.key}`,
        message: `"${p.name}" was guessed (${JSON.stringify(inputs[p.key])}): the brief does not name one`,
      });
  }
  const asks = draft.asks.map((a) => (unusable.has(a.key) ? { ...a, autoFillable: false } : a));
  // A weak value drafted where no ask stood (a subject read from a sender clause ...) leaves the
  // parameter empty: it is asked for like any other the brief does not give.
  for (const p of parameters)
    if (unusable.has(p.key) && !asks.some((a) => a.key === p.key)) asks.push(askOf(p, false));
  return { ...draft, inputs, sources, asks, warnings };
}
