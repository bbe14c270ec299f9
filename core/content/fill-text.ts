import { wordCount } from '../language/tokens';
import type { AppParameter } from '../app/app-definition';
import type { BriefReading } from '../discovery/brief-reading';
import type { Quote } from '../language/spans';
import {
  attributionAfter,
  callToAction,
  cuedValue,
  detailsAfter,
  listItems,
  quoteRole,
  splitItems,
  withoutTrailingForm,
} from './brief-fields';
import { wordUses, type WordContext } from './brief-words';
import type { DraftSource } from './draft';
import { descriptionWords, keyMatch, ROLE_CUES, roleOf, takesDetails, type FieldRole } from './field-roles';
import { letterWords } from '../language/letter-words';
import { lexicon } from '../language/lexicon';
import { isStopword } from '../language/normalize';
import { promptOf } from './prompt-of';
import { subjectOf } from './subject';

/** Roles that take a quote the brief carries when no cue points it elsewhere, in this order. */
const QUOTE_TAKERS: readonly FieldRole[] = [
  'quote',
  'script',
  'excerpt',
  'overlay',
  'title',
  'topic',
  'campaign',
  'copy',
] as const;

export interface QuoteBook {
  /** Quotes whose cue names a role. */
  byRole: Map<FieldRole, Quote>;
  /** Quotes no cue claims, in order. */
  free: Quote[];
  /** Every quote, for attributions. */
  all: Quote[];
  /** Roles a "Key:" cue or an agent's field gives a value of their own: they take no free quote. */
  keyed: Set<FieldRole>;
}

/** Quotes by the role their cue names; a quote that is an option label belongs to that option. */
export function assignQuotes(
  reading: BriefReading,
  parameters: AppParameter[],
  roles: FieldRole[],
): QuoteBook {
  const labels = new Set(parameters.flatMap((p) => (p.options ?? []).map((o) => o.toLowerCase())));
  // A key whose value is a quote ("Script to video: "...") leaves the quote to its role.
  const keys = [
    ...reading.spans.keyCues.filter((c) => !opensOnQuote(reading, c.valueStart)).map((c) => c.key),
    ...(reading.structured?.fields ?? []).map((f) => f.key),
  ];
  const keyed = new Set(
    parameters
      .filter((p) => p.type === 'text' && keys.some((k) => keyMatch(k, p) >= 0.8))
      .map((p) => roleOf(p)),
  );
  // "... where this line gets read out over the cover: We didn't raise ...": the passage after the
  // colon is the value of the role its cue names.
  for (const role of passageRoles(reading)) keyed.add(role);
  const book: QuoteBook = { byRole: new Map(), free: [], all: reading.spans.quotes, keyed };
  for (const q of reading.spans.quotes) {
    if (labels.has(q.text.toLowerCase())) continue;
    const role = quoteRole(q, roles) ?? describedRole(reading, q, parameters);
    if (role && !book.byRole.has(role)) book.byRole.set(role, q);
    else book.free.push(q);
  }
  return book;
}

/** Two words of a parameter's description before a quote name it: "the line for the story and banner: '...'". */
const DESCRIBED_WORDS = 2;
/** Words just before a quote that say what the pieces are for, not the words set on them. */
const SUBJECT_CUES = new Set(lexicon.subjects.quote_purpose.words);

/**
 * The role of the text parameter whose description the words before the quote, in its sentence,
 * repeat ("Set on the story and the banner." for "The line to put on the story and the banner is '...'").
 */
function describedRole(reading: BriefReading, q: Quote, parameters: AppParameter[]): FieldRole | null {
  const sentence =
    reading.brief
      .slice(Math.max(0, q.start - 60), q.start)
      .split(/[.!?](?:\s|$)/)
      .pop() ?? '';
  const words = letterWords(sentence);
  // "a web banner for 'Pumpkin Patch Weekend'": what the pieces are for, not the words set on them.
  if (SUBJECT_CUES.has(words[words.length - 1] ?? '')) return null;
  const before = new Set(words);
  const described = parameters.filter((p) => {
    if (p.type !== 'text') return false;
    const shared = [...descriptionWords(p)].filter((w) => w.length > 2 && !isStopword(w) && before.has(w));
    return shared.length >= DESCRIBED_WORDS;
  });
  return described.length === 1 ? roleOf(described[0]) : null;
}

const opensOnQuote = (reading: BriefReading, at: number) => /^\s*["“'‘]/.test(reading.brief.slice(at));

/** Roles named by cue words just before the content colon, when an unquoted passage follows it. */
function passageRoles(reading: BriefReading): FieldRole[] {
  const at = reading.spans.afterColon;
  if (at === null || opensOnQuote(reading, at)) return [];
  const lead = letterWords(reading.brief.slice(Math.max(0, at - 60), at - 1)).slice(-8);
  return PASSAGE_TAKERS.filter((role) => ROLE_CUES[role].some((cue) => lead.includes(cue)));
}

const PASSAGE_TAKERS: readonly FieldRole[] = ['quote', 'script', 'excerpt'] as const;

function takeQuote(book: QuoteBook, role: FieldRole, roles: FieldRole[]): Quote | undefined {
  const own = book.byRole.get(role);
  if (own) return own;
  // A free quote goes to the first role, in QUOTE_TAKERS order, that the app has and no cue served.
  const takers = QUOTE_TAKERS.filter((r) => roles.includes(r) && !book.byRole.has(r) && !book.keyed.has(r));
  const index = takers.indexOf(role);
  return index >= 0 ? book.free[index] : undefined;
}

export function textFor(
  p: AppParameter,
  role: FieldRole,
  appRoles: FieldRole[],
  reading: BriefReading,
  quotes: QuoteBook,
  words: WordContext,
  rivals: AppParameter[] = [],
): { value: string; source: DraftSource } | null {
  const quote = takeQuote(quotes, role, appRoles);
  const cued = cuedValue(reading, p, rivals);
  switch (role) {
    case 'author': {
      const q = quotes.byRole.get('quote') ?? quotes.free[0] ?? quotes.all[0];
      const who = cued ?? (q ? attributionAfter(reading, q) : trailingName(reading));
      return who === null ? null : { value: who, source: 'attribution' };
    }
    case 'cta': {
      const value = quotes.byRole.get('cta')?.text ?? callToAction(reading) ?? cued;
      return value ? { value, source: 'cue' } : null;
    }
    case 'points': {
      const items = cued ? splitItems(cued) : listItems(reading);
      return items.length > 0 ? { value: items.join('\n'), source: 'list' } : null;
    }
    case 'prompt': {
      const value = promptOf(reading, words);
      return value ? { value, source: 'subject' } : null;
    }
    case 'script':
    case 'excerpt':
    case 'quote':
    case 'overlay':
    case 'copy': {
      if (quote) return { value: quote.text, source: 'quoted' };
      if (cued) return { value: cued, source: 'cue' };
      const passage = role === 'overlay' ? null : passageAfterColon(reading, role === 'script' ? 4 : 2);
      return passage ? { value: passage, source: 'brief' } : null;
    }
    default: {
      if (cued) return { value: takesDetails(p) ? withDetails(reading, cued, words) : cued, source: 'cue' };
      if (quote) return { value: quote.text, source: 'quoted' };
      const value = subjectOf(reading, role, words);
      if (!value) return null;
      const source = bareWord(value) ? 'guess' : 'subject';
      if (!takesDetails(p)) return { value, source };
      // "The product, then its selling points": what the brief says about it follows the name.
      const named = [value, ...detailsAfter(reading, value)].join(', ');
      return { value: withDetails(reading, named, words), source };
    }
  }
}

/**
 * A subject read as one lowercase word or a bare number ("advice", "boss", "3") is a fragment of a
 * phrase, not what a topic, title, product or campaign is: weak evidence, never used as the value.
 * One capitalised word ("Tally") is a name and stands on its own.
 */
const bareWord = (value: string) => wordCount(value) <= 1 && !/\p{Lu}/u.test(value);

/** "... (Sheryl Sandberg)": a name in parentheses closing an unquoted passage. */
function trailingName(reading: BriefReading): string | null {
  const m = reading.brief.match(
    /\(\s*(?:by\s+)?([\p{Lu}][\p{L}.'’-]*(?:\s+[\p{Lu}][\p{L}.'’-]*){0,3})\s*\)\s*$/u,
  );
  return m ? m[1] : null;
}

/** The passage after the brief's content colon ("Here it is: Did you know ..."), when it is prose. */
function passageAfterColon(reading: BriefReading, minWords: number): string | null {
  const at = reading.spans.afterColon;
  if (at === null) return null;
  // An attribution in parentheses at the end ("(Sheryl Sandberg)") is not part of the passage.
  const text = withoutTrailingForm(
    reading.brief
      .slice(at, reading.spans.afterColonEnd)
      .replace(/\s*\([^()]*\)\s*$/, '')
      .trim(),
  );
  return wordCount(text) >= minWords ? text : null;
}

/**
 * A name and the details after it, keeping only details that say something about the thing: an item
 * that asks for something, names a deliverable, a look or a placement ("warm palette", "story and web
 * banner", "reviewer must approve") belongs to another field.
 */
function withDetails(reading: BriefReading, value: string, words: WordContext): string {
  const [name, ...items] = value.split(/,\s*/);
  const uses = wordUses(reading.tokens, words);
  let from = reading.brief.indexOf(name);
  const kept = items.filter((item) => {
    const at = reading.brief.indexOf(item, from);
    if (at < 0) return false;
    from = at + item.length;
    // The key of the next field ("cta=...", "cta "Plant something"") or an option label ("honest first impression").
    if (/^\s*[:="“]/.test(reading.brief.slice(from))) return false;
    const itemWords = letterWords(item);
    if (itemWords.length > 0 && itemWords.every((w) => words.optionWords.has(w) || isStopword(w)))
      return false;
    return reading.tokens.every(
      (t, i) =>
        t.start < at ||
        t.end > at + item.length ||
        uses[i] === 'content' ||
        uses[i] === 'boundary' ||
        // "smells like vanilla": a preposition, not "I'd like".
        (uses[i] === 'request' && t.pos === 'ADP'),
    );
  });
  return [name, ...kept].join(', ');
}
