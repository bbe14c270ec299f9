import JSON5 from 'json5';
import { asciiWords } from './tokens';
import { lexicon } from './lexicon';
/**
 * Briefs that agents write as data rather than prose: a JSON object, a function call
 * (`video_ad(product="...", palette="Dark")`), `key=value; key=value`, `key: value | key: value` or
 * `key: value` lines (a key with no value may take the bulleted lines under it).
 * Their keys say what each value is, so they are read as fields instead of as words.
 */

export interface StructuredField {
  /** The key as written ("call_to_action", "cta", "selling_points"). */
  key: string;
  /** The key's words, lower case ("call to action"). */
  words: string[];
  value: string;
  /** A list value's items (JSON arrays), else the value alone. */
  items: string[];
}

export interface StructuredBrief {
  /** What the call is named (`animate_photo(...)`), when it is a function call. */
  name: string | null;
  fields: StructuredField[];
  kind: 'json' | 'call' | 'pairs';
}

/** Splits "call_to_action", "talkingPoints", "aspect-ratio" into lower-case words. */
export function keyWords(key: string): string[] {
  return asciiWords(key.replace(/([a-z])([A-Z])/g, '$1 $2'));
}

/** A value that says the field is left out ("text_band: none"). */
const NOTHING = new RegExp(`^(?:${lexicon.structuredBriefs.nothing.words.join('|')}|-+)$`, 'i');

function field(key: string, raw: unknown): StructuredField | null {
  const items = (Array.isArray(raw) ? raw : [raw])
    .filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map((v) => String(v).trim())
    .filter((v) => v && !NOTHING.test(v));
  if (items.length === 0) return null;
  return { key, words: keyWords(key), value: items.join(', '), items };
}

/**
 * A JSON object, or an object literal as agents also write one (`{topic: 'Returns', palette: 'Warm'}`:
 * bare keys, single quotes, trailing commas; read as JSON5), optionally after a short name of what is
 * asked (`POST explainer {...}`, `create_post {...}`).
 */
function readJson(text: string): StructuredBrief | null {
  const m = text.match(/^((?:[A-Za-z_/][\w./-]*\s+){0,2}[A-Za-z_/][\w./-]*\s*:?\s*)?(\{[\s\S]*\})$/);
  if (!m) return null;
  try {
    const parsed = JSON5.parse(m[2]) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const fields = Object.entries(parsed as Record<string, unknown>)
      .map(([k, v]) => field(k, v))
      .filter((f): f is StructuredField => f !== null);
    const name = m[1]?.replace(/:?\s*$/, '').trim() || null;
    return fields.length > 0 ? { name, fields, kind: 'json' } : null;
  } catch {
    return null;
  }
}

/** `key="value"`, `key='value'` or `key=value` up to the next separator or the next `key=`. */
const ASSIGNMENT =
  /([A-Za-z_][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^,;&|)]+?)(?=\s+[A-Za-z_][\w-]*\s*=|[,;&|)]|\s*$))/g;

function assignments(text: string): StructuredField[] {
  return [...text.matchAll(ASSIGNMENT)]
    .map((m) => field(m[1], (m[2] ?? m[3] ?? m[4] ?? '').replace(/\\(.)/g, '$1')))
    .filter((f): f is StructuredField => f !== null);
}

function readCall(text: string): StructuredBrief | null {
  const m = text.match(/^([A-Za-z_][\w.]*)\s*\(([\s\S]*)\)\s*;?$/);
  if (!m) return null;
  const fields = assignments(m[2]);
  return fields.length > 0 ? { name: m[1], fields, kind: 'call' } : null;
}

function readPairs(text: string): StructuredBrief | null {
  const eq = assignments(text);
  const unquoted = text.replace(/"[^"]*"|'[^']*'/g, '');
  const firstKey = text.search(/[A-Za-z_][\w-]*\s*=/);
  // Separated by spaces alone (`text="..." palette=dark format=square`), nothing but pairs follows the first key.
  const onlyPairs =
    firstKey >= 0 &&
    text.slice(firstKey).replace(ASSIGNMENT, '').trim() === '' &&
    [...text.matchAll(ASSIGNMENT)].every((m) => m[4] === undefined || !/\s/.test(m[4].trim()));
  if (
    eq.length >= 2 &&
    (unquoted.match(/=/g) ?? []).length === eq.length &&
    (/[;&|]/.test(unquoted) || onlyPairs)
  ) {
    // Words before the first key ("podcast clip: title=...") name what is asked.
    const prefix = text
      .slice(0, firstKey)
      .replace(/[:;,|-]+\s*$/, '')
      .trim();
    return { name: prefix || null, fields: eq, kind: 'pairs' };
  }
  const segments = text.split(/\s*\|\s*/);
  if (segments.length < 2) return null;
  const fields = segments.map((s) => s.match(/^([A-Za-z_][\w -]{0,30}?)\s*:\s*([\s\S]+)$/));
  if (fields.some((f) => !f)) return null;
  return {
    name: null,
    fields: fields.map((f) => field(f![1], f![2])).filter((f): f is StructuredField => f !== null),
    kind: 'pairs',
  };
}

/** "product_name: TrailKing GTX", "slide 2: ...": a key of one to four words, a colon, the value. */
const KEY_LINE = /^([A-Za-z_][\w-]*(?: [\w-]+){0,3})\s*:\s*(.*)$/;
/**
 * `points=Check the serving size; Look at added sugar`: an assignment alone on its line; its value runs to
 * the end of the line (separators inside it belong to the value), without the quotes around it.
 */
const ASSIGNMENT_LINE = /^([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|(.*))$/;

/** A line's key and value, as `key: value` or `key=value`. */
function keyLine(line: string): [string, string] | null {
  const assigned = line.match(ASSIGNMENT_LINE);
  if (assigned) return [assigned[1], (assigned[2] ?? assigned[3] ?? assigned[4]).trim()];
  const pair = line.match(KEY_LINE);
  return pair ? [pair[1], pair[2]] : null;
}
/** "- Floss once a day", "2) Pack snacks": an item of a list under a key. */
const ITEM_LINE = /^(?:[-*•]|\d{1,2}[.)])\s+(.+)$/;

/**
 * Every line a `key: value` or `key=value` pair, or an item of the list under the key before it; two keys or more.
 * A line that is neither (prose before or after the keys) leaves the brief to be read as prose.
 */
function readLines(text: string): StructuredBrief | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length < 2) return null;
  const entries: { key: string; items: string[] }[] = [];
  for (const line of lines) {
    const item = line.match(ITEM_LINE);
    const pair = item ? null : keyLine(line);
    if (item && entries.length > 0) entries[entries.length - 1].items.push(item[1].trim());
    else if (pair) entries.push({ key: pair[0], items: pair[1] ? [pair[1]] : [] });
    else return null;
  }
  if (entries.length < 2 || entries.some((e) => e.items.length === 0)) return null;
  const fields = entries.map((e) => field(e.key, e.items)).filter((f): f is StructuredField => f !== null);
  return { name: null, fields, kind: 'pairs' };
}

/** The brief as fields, or null when it is prose. */
export function readStructured(brief: string): StructuredBrief | null {
  const text = brief.trim();
  return readJson(text) ?? readCall(text) ?? readLines(text) ?? readPairs(text);
}
