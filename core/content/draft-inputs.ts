import { asciiWords } from '../language/tokens';
import { letterWords } from '../language/letter-words';
import type { AppParameter } from '../app/app-definition';
import { readBrief, type BriefReading } from '../discovery/brief-reading';
import { cueVocabulary } from '../discovery/cue-words';
import { clipToLength } from '../text/graphemes';
import { secondsIn, structuredValue, unclaimedValue } from './brief-fields';
import type { Ask, Draft, DraftRequest, DraftSource } from './draft';
import { assignQuotes, textFor } from './fill-text';
import { roleOf } from './field-roles';
import { pickOption, pickRatio } from './pick-option';
import { urlMediaKind, urlsIn } from './read-brief';
import { subjectOf } from './subject';

/** What the drafter knows of the app beyond its parameters: the brief as read, and the app's own words. */
export interface DraftContext {
  reading?: BriefReading;
  /** Terms of the app's name, aliases, keywords, use cases and formats: request words, not content. */
  appTerms?: Set<string>;
}

const MAX_BRIEF_CHARS = 1000;
/**
 * Slot filling: maps a brief onto an app's parameters, each value from the evidence for its role.
 * 1. Caller `inputs` (by key, then name) win and are taken as given.
 * 2. An agent's structured brief gives values by field name (`cta=` -> call_to_action).
 * 3. url: a URL in the brief whose extension fits `accept` (or any URL); else the default; else ask.
 * 4. options: aspect ratio from `aspectRatio`, the brief, or the platform's shape; a length in
 *    seconds from the brief; other options from a label the brief names next to its cue ("neon
 *    look"), never inside the subject or a quote; else the default; else ask (headless: first label).
 * 5. text, by role (roleOf): quotes go to the role their cue names ("episode "X"", "cta "Y""), else
 *    to the first quote-taking role; an author from the attribution after the quote; a call to
 *    action from its cue; points from a list; a prompt from the clauses that describe the image; a
 *    title, topic, product or campaign from "Key: value" and "<cue> is" cues, then the subject
 *    (subjectOf). Labels, request words, platforms, ratios and options never go into text; the whole
 *    brief never does, except as the last guess of a headless run.
 */
export function draftInputs(
  parameters: AppParameter[],
  request: DraftRequest,
  context: DraftContext = {},
): Draft {
  const draft: Draft = { inputs: {}, sources: {}, asks: [], warnings: [] };
  const overrides = overridesByKey(parameters, request.inputs ?? {}, draft);
  const reading = context.reading ?? readBrief(request.brief, vocabularyOf(parameters));
  const optionWords = new Set(parameters.flatMap((p) => (p.options ?? []).flatMap(asciiWords)));
  const words = { appTerms: context.appTerms ?? new Set<string>(), optionWords };
  const roles = new Map(parameters.filter((p) => p.type === 'text').map((p) => [p.key, roleOf(p)]));
  const quotes = assignQuotes(reading, parameters, [...roles.values()]);
  const usedFields = new Set<string>();
  const urls = urlsIn(request.brief);
  const set = (p: AppParameter, value: unknown, source: DraftSource) => {
    draft.inputs[p.key] = value;
    draft.sources[p.key] = source;
  };

  for (const p of parameters) {
    if (p.key in overrides) {
      set(p, overrides[p.key], 'input');
      continue;
    }
    const field = structuredValue(reading, p, usedFields);
    if (field !== null && p.type !== 'url') {
      const value = p.type === 'options' ? pickOption(p, field, reading, words) : field;
      if (value !== null && value !== '') {
        set(p, value, 'field');
        continue;
      }
    }
    if (p.type === 'url') {
      const url = field ?? pickUrl(p, urls);
      if (url) {
        urls.splice(urls.indexOf(url), 1);
        set(p, p.multiple ? [url] : url, 'url');
      } else if (p.default === undefined) ask(draft, p, false);
      continue;
    }
    if (p.type === 'options') {
      const chosen = optionFor(p, request, reading, draft, words);
      if (chosen) set(p, chosen.value, chosen.source);
      else if (p.default === undefined) {
        ask(draft, p, request.bestEffort);
        if (request.bestEffort) set(p, p.options![0], 'guess');
      }
      continue;
    }
    const text = textFor(p, roles.get(p.key)!, [...roles.values()], reading, quotes, words, parameters);
    const unclaimed = text || p.default !== undefined ? null : unclaimedValue(reading, usedFields);
    if (text) set(p, clip(text.value), text.source);
    else if (unclaimed) set(p, clip(unclaimed), 'field');
    else if (p.default === undefined) {
      ask(draft, p, request.bestEffort);
      if (request.bestEffort) set(p, subjectOf(reading, 'topic', words) ?? clip(request.brief), 'guess');
    }
  }
  return draft;
}

function optionFor(
  p: AppParameter,
  request: DraftRequest,
  reading: BriefReading,
  draft: Draft,
  words: { appTerms: Set<string>; optionWords: Set<string> },
): { value: string; source: DraftSource } | null {
  if (p.role === 'aspect_ratio') return pickRatio(p, request, reading, draft);
  if (p.options!.every((o) => /^\d+$/.test(o))) {
    const seconds = secondsIn(reading);
    return seconds && p.options!.includes(seconds) ? { value: seconds, source: 'brief' } : null;
  }
  const label = pickOption(p, null, reading, words);
  return label ? { value: label, source: 'option' } : null;
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

function ask(draft: Draft, p: AppParameter, autoFillable: boolean): void {
  draft.asks.push(askOf(p, autoFillable));
}

/** The ask for a parameter the draft could not (or only by a guess could) fill. */
export function askOf(p: AppParameter, autoFillable: boolean): Ask {
  return {
    name: p.name,
    key: p.key,
    question: question(p),
    type: p.type,
    required: p.default === undefined,
    autoFillable,
  };
}

export function question(p: AppParameter): string {
  if (p.type === 'url')
    return `Please provide a public URL of the ${(p.accept ?? ['image']).join(' or ')} for "${p.name}"${p.description ? ` (${p.description})` : ''}.`;
  if (p.type === 'options') return `Which "${p.name}" do you want? Choose one of: ${p.options!.join(', ')}.`;
  return `What should "${p.name}" be?${p.description ? ` ${p.description}` : ''}`;
}

/** Words of the parameters, for reading a brief without a catalog (typos against the app's own words). */
function vocabularyOf(parameters: AppParameter[]): Set<string> {
  const words = parameters.flatMap((p) => letterWords([p.key, p.name, ...(p.options ?? [])].join(' ')));
  return new Set([...words, ...cueVocabulary()]);
}

const clip = (text: string) =>
  text.length > MAX_BRIEF_CHARS ? `${clipToLength(text, MAX_BRIEF_CHARS - 3)}...` : text.trim();
