import type { AppParameter } from '../app/app-definition';
import { matchOption, matchRatio } from './match-option';
import {
  aspectRatioIn,
  attribution,
  listItems,
  PLATFORM_RATIOS,
  quotedTexts,
  subjectOf,
  urlMediaKind,
  urlsIn,
} from './read-brief';
import { clipToLength } from '../text/graphemes';

/** Where a drafted value came from. */
export type DraftSource =
  | 'input'
  | 'brief'
  | 'subject'
  | 'quoted'
  | 'attribution'
  | 'list'
  | 'option'
  | 'aspect_ratio'
  | 'platform'
  | 'url'
  | 'guess';

export interface Ask {
  name: string;
  key: string;
  question: string;
  type: AppParameter['type'];
  required: boolean;
  /** True when a best-effort value was drafted anyway (headless); false when none can be. */
  autoFillable: boolean;
}

export interface Draft {
  /** Values to run with, by parameter key; parameters left out take their defaults. */
  inputs: Record<string, unknown>;
  sources: Record<string, DraftSource>;
  /** Required parameters (no default) that could not be drafted from the brief. */
  asks: Ask[];
  warnings: { field: string; message: string }[];
}

export interface DraftRequest {
  brief: string;
  platform?: string | null;
  aspectRatio?: string | null;
  /** Caller overrides keyed by parameter key or name; they always win. */
  inputs?: Record<string, unknown>;
  /** Fill what cannot be drafted with a best guess (headless) instead of leaving it to ask. */
  bestEffort: boolean;
}

/** Parameter keys that want a name or a title rather than the whole brief. */
const TITLE_KEYS = /(title|name|product|campaign|brand|event|headline|subject)/;
const MAX_BRIEF_CHARS = 1000;
/** Copy parameters filled from their own cues (an attribution, a list, a call to action), not from quotes. */
const SPECIAL_COPY =
  /author|attribution|speaker|point|tips?|steps|items|features|reasons|bullets|cta|call_to_action/;

/**
 * Slot filling: maps a brief onto an app's parameters.
 * 1. Caller `inputs` (by key, then name) win and are taken as given.
 * 2. url: a URL in the brief whose extension fits `accept` (or any URL when one is wanted); else the
 *    default; else ask (a URL can never be drafted).
 * 3. options: the aspect-ratio parameter takes `aspectRatio` when that exact label exists, else the
 *    ratio the brief states or implies, else the platform's usual shape, else its default. Other
 *    options take a label the brief names (matchOption); else the default; else ask (headless: the
 *    first label, marked as a guess). A label is never invented.
 * 4. text: topic/prompt roles take the brief (names and titles take its subject phrase); copy takes
 *    quoted text, an attribution or list items when the brief has them; else the default; else ask
 *    (headless: the subject phrase, marked as a guess).
 */
export function draftInputs(parameters: AppParameter[], request: DraftRequest): Draft {
  const draft: Draft = { inputs: {}, sources: {}, asks: [], warnings: [] };
  const overrides = overridesByKey(parameters, request.inputs ?? {}, draft);
  const quotes = quotedTexts(request.brief);
  const urls = urlsIn(request.brief);
  const set = (p: AppParameter, value: unknown, source: DraftSource) => {
    draft.inputs[p.key] = value;
    draft.sources[p.key] = source;
  };
  const ask = (p: AppParameter, autoFillable: boolean) =>
    draft.asks.push({
      name: p.name,
      key: p.key,
      question: question(p),
      type: p.type,
      required: p.default === undefined,
      autoFillable,
    });

  // A title takes a quote only when there are more quotes than copy parameters that need one.
  const quoteTakers = parameters.filter(
    (p) =>
      p.type === 'text' &&
      p.role === 'copy' &&
      p.default === undefined &&
      !(p.key in overrides) &&
      !SPECIAL_COPY.test(p.key),
  ).length;
  let titleQuotes = Math.max(0, quotes.length - quoteTakers);

  for (const p of parameters) {
    if (p.key in overrides) {
      set(p, overrides[p.key], 'input');
      continue;
    }
    if (p.type === 'url') {
      const url = pickUrl(p, urls);
      if (url) {
        urls.splice(urls.indexOf(url), 1);
        set(p, p.multiple ? [url] : url, 'url');
      } else if (p.default === undefined) ask(p, false);
      continue;
    }
    if (p.type === 'options') {
      const chosen = p.role === 'aspect_ratio' ? pickRatio(p, request, draft) : pickOption(p, request.brief);
      if (chosen) set(p, chosen.value, chosen.source);
      else if (p.default === undefined) {
        ask(p, request.bestEffort);
        if (request.bestEffort) set(p, p.options![0], 'guess');
      }
      continue;
    }
    const takesQuote =
      p.role === 'topic' && TITLE_KEYS.test(`${p.key} ${p.name}`.toLowerCase()) && titleQuotes > 0;
    if (takesQuote) {
      titleQuotes--;
      set(p, quotes.shift()!, 'quoted');
      continue;
    }
    const text = draftText(p, request.brief, quotes);
    if (text) set(p, text.value, text.source);
    else if (p.default === undefined) {
      ask(p, request.bestEffort);
      if (request.bestEffort) set(p, subjectOf(request.brief) || clip(request.brief), 'guess');
    }
  }
  return draft;
}

function overridesByKey(
  parameters: AppParameter[],
  inputs: Record<string, unknown>,
  draft: Draft,
): Record<string, unknown> {
  const byKey: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(inputs)) {
    const p = parameters.find((q) => q.key === name) ?? parameters.find((q) => q.name === name);
    if (p) byKey[p.key] = value;
    else
      draft.warnings.push({
        field: `inputs.${name}`,
        message: `"${name}" matches no parameter of the selected app and was ignored`,
      });
  }
  return byKey;
}

function pickUrl(p: AppParameter, urls: string[]): string | undefined {
  const accept = p.accept ?? ['image'];
  return (
    urls.find((u) => accept.includes(urlMediaKind(u) ?? ('?' as never))) ??
    urls.find((u) => urlMediaKind(u) === null)
  );
}

function pickRatio(
  p: AppParameter,
  request: DraftRequest,
  draft: Draft,
): { value: string; source: DraftSource } | null {
  const options = p.options!;
  if (request.aspectRatio && request.aspectRatio !== 'auto') {
    const exact = matchRatio(options, request.aspectRatio);
    if (exact) return { value: exact, source: 'aspect_ratio' };
    draft.warnings.push({
      field: 'aspectRatio',
      message: `aspect ratio ${request.aspectRatio} is not offered by "${p.name}" (allowed: ${options.join(', ')})`,
    });
  }
  const inBrief = aspectRatioIn(request.brief);
  const fromBrief = inBrief && matchRatio(options, inBrief.ratio);
  if (fromBrief) return { value: fromBrief, source: 'brief' };
  const platform = request.platform?.toLowerCase() ?? platformNamed(request.brief);
  for (const ratio of (platform && PLATFORM_RATIOS[platform]) || []) {
    const hit = matchRatio(options, ratio);
    if (hit) return { value: hit, source: 'platform' };
  }
  return null;
}

function platformNamed(brief: string): string | null {
  const m = brief
    .toLowerCase()
    .match(
      /\b(tiktok|snapchat|youtube|instagram|facebook|linkedin|twitter|pinterest|blog|website|newsletter)\b/,
    );
  return m ? m[1] : null;
}

function pickOption(p: AppParameter, brief: string): { value: string; source: DraftSource } | null {
  const label = matchOption(p.options!, brief);
  return label ? { value: label, source: 'option' } : null;
}

function draftText(
  p: AppParameter,
  brief: string,
  quotes: string[],
): { value: string; source: DraftSource } | null {
  const key = `${p.key} ${p.name}`.toLowerCase();
  if (p.role === 'prompt') return { value: clip(brief), source: 'brief' };
  if (p.role === 'topic') {
    if (TITLE_KEYS.test(key))
      return { value: subjectOf(brief, 8, { useQuotes: false }) || clip(brief), source: 'subject' };
    return { value: clip(brief), source: 'brief' };
  }
  if (/author|attribution|speaker|by\b/.test(key)) {
    const who = attribution(brief);
    return who ? { value: who, source: 'attribution' } : null;
  }
  if (/point|tips?|steps|items|features|reasons|bullets/.test(key)) {
    const items = listItems(brief);
    return items.length > 0 ? { value: items.join('\n'), source: 'list' } : null;
  }
  if (/cta|call_to_action/.test(p.key)) {
    const m = brief.match(
      /\b(?:cta|call to action|ending with|end with|ends with)\s*:?\s*["“]?([^"”.,;]{2,60})/i,
    );
    return m ? { value: m[1].trim(), source: 'brief' } : null;
  }
  if (p.role === 'copy' && quotes.length > 0) return { value: quotes.shift()!, source: 'quoted' };
  if (p.role === 'copy' && p.default === undefined && /topic|subject|theme|message|idea/.test(key))
    return { value: clip(brief), source: 'brief' };
  return null;
}

function question(p: AppParameter): string {
  if (p.type === 'url')
    return `Please provide a public URL of the ${(p.accept ?? ['image']).join(' or ')} for "${p.name}"${p.description ? ` (${p.description})` : ''}.`;
  if (p.type === 'options') return `Which "${p.name}" do you want? Choose one of: ${p.options!.join(', ')}.`;
  return `What should "${p.name}" be?${p.description ? ` ${p.description}` : ''}`;
}

const clip = (text: string) =>
  text.length > MAX_BRIEF_CHARS ? `${clipToLength(text, MAX_BRIEF_CHARS - 3)}...` : text.trim();
