import { lexicon as theLexicon } from './lexicon';
import { escapeRegExp } from './phrases';

const lexicon = theLexicon.feedbackMarks;

/** A span of a clause, as [start, end) character offsets. */
export type Span = [number, number];

/** What a clause says besides its directions: which parts are negated, replaced, or only markers. */
export interface ClauseMarks {
  /** The clause with numbers as digits ("fifteen seconds" -> "15 seconds"); every offset refers to it. */
  text: string;
  /** Spans in the scope of a negation ("no hashtags": "hashtags"); the cue itself is outside. */
  negated: Span[];
  /** Spans naming what the feedback replaces ("instead of blue": "blue"); also in `negated`. */
  replaced: Span[];
  /** Marker words ("instead of", "not", "just") that carry no direction of their own. */
  markers: Span[];
}

const escape = (s: string) => escapeRegExp(s).replace(/\s+/g, '\\s+');
/** An alternation of phrases, longest first, as a regex source. */
const alternation = (phrases: readonly string[]) =>
  [...phrases]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
const words = (phrases: readonly string[]) => `\\b(?:${alternation(phrases)})\\b`;

/** Regex sources the readers build their patterns from: the words stay in the lexicon. */
export const MARK_SOURCES = {
  removal: words(lexicon.removal.cues),
  negation: words(lexicon.negation.cues).replace(/'/g, "['’]"),
  more: words(lexicon.more.cues),
  fewer: words(lexicon.fewer.cues),
  exact: words(lexicon.limiters.exact),
  atMost: words(lexicon.limiters.at_most),
  seconds: `(?:${alternation(lexicon.duration_units.seconds)})\\b`,
  minutes: `(?:${alternation(lexicon.duration_units.minutes)})\\b`,
  unmade: words(lexicon.unmade.words),
};

/**
 * A count with its limiter, as a regex source with three groups: the limiter ("just", "no more than"),
 * the number, and the upper number of a range ("1 or 2", "2-3").
 */
export const COUNT_SOURCE = `(?:(${MARK_SOURCES.exact}|${MARK_SOURCES.atMost})\\s+)?(\\d{1,3})(?:\\s*(?:or|to|-|–)\\s*(\\d{1,3}))?`;

/** What a count read with COUNT_SOURCE asks: exactly n, or at most n. */
export interface Count {
  n: number;
  bound: 'exact' | 'at-most';
}

/** The count of a COUNT_SOURCE match's groups (limiter, number, upper number of a range). */
export function countOf(limiter: string | undefined, n: string, upper?: string): Count {
  const atMost = limiter !== undefined && new RegExp(`^${MARK_SOURCES.atMost}$`, 'i').test(limiter.trim());
  const value = Number(upper ?? n);
  return { n: value, bound: atMost || upper !== undefined ? 'at-most' : 'exact' };
}

const NUMBER_PHRASES = new RegExp(words(Object.keys(lexicon.numbers.phrases)), 'gi');
// A number word before a word it counts ("one hashtag", "one or two"), not a pronoun ("a light one instead").
const NUMBER_WORDS = new RegExp(
  `${words(Object.keys(lexicon.numbers.words))}(?=[\\s-]+(?!${words(lexicon.not_counted.words)})[\\p{L}])`,
  'giu',
);

/** Number words as digits ("fifteen seconds" -> "15 seconds", "a single hashtag" -> "1 hashtag"). */
export function normaliseNumbers(text: string): string {
  const phrases = lexicon.numbers.phrases as Record<string, string>;
  const numbers = lexicon.numbers.words as Record<string, number>;
  return text
    .replace(NUMBER_PHRASES, (m) => phrases[m.toLowerCase().replace(/\s+/g, ' ')] ?? m)
    .replace(NUMBER_WORDS, (m) => String(numbers[m.toLowerCase().replace(/\s+/g, ' ')] ?? m));
}

const BOUNDARY = String.raw`(?=\s*(?:[,;.!?]|$|\b(?:and|but|then|while|plus|so)\b))`;
const WANTED_START = String.raw`(?=\s+${words(lexicon.replacement.wanted_starts)})`;
const INSTEAD = new RegExp(
  String.raw`(${words(lexicon.replacement.before_replaced)})\s+(.+?)(?:${BOUNDARY}|${WANTED_START})`,
  'gi',
);
const NOT_BUT = /\bnot\s+([^,;.!?]+?)\s+but\s+([^,;.!?]+?)(?=\s*(?:[,;.!?]|$))/gi;
const COMMA_NOT = new RegExp(String.raw`(\S)\s*,\s*(?:and\s+)?not\s+(.+?)${BOUNDARY}`, 'gi');
const SWAP = new RegExp(
  String.raw`${words(lexicon.replacement.swap_verbs)}\s+(?:out\s+)?([^,;.!?]+?)\s+(?:out\s+)?${words(lexicon.replacement.swap_links)}\s+([^,;.!?]+?)(?=\s*(?:[,;.!?]|$))`,
  'gi',
);
const LIMITER = new RegExp(`${MARK_SOURCES.exact}|${MARK_SOURCES.atMost}`, 'gi');
const NEGATION = new RegExp(MARK_SOURCES.negation, 'gi');
const DIMINISHER = new RegExp(`${words(lexicon.diminishers.cues)}\\s+([\\p{L}-]+)`, 'giu');

/**
 * Feedback in one form before it is cut into clauses: number words as digits, and every way of saying a
 * replacement as "Y instead of X" ("not X but Y", "Y, not X", "replace X with Y", "swap X for Y"), so a
 * clause split cannot separate what is wanted from what it replaces.
 */
export function normaliseFeedback(direction: string): string {
  return normaliseNumbers(direction)
    .replace(NOT_BUT, (_m, old: string, wanted: string) => `${wanted} instead of ${old}`)
    .replace(COMMA_NOT, (_m, last: string, old: string) => `${last} instead of ${old}`)
    .replace(SWAP, (_m, old: string, wanted: string) => `${wanted} instead of ${old}`);
}

const CLAUSE_BREAK = new RegExp(
  String.raw`[,;!?\n]+|\.(?:\s|$)|\s+(?:${lexicon.clause_links.words.join('|')})\s+`,
  'i',
);

/**
 * Feedback in clauses, each one direction: "the background navy and the type bolder" -> two clauses.
 * "black and white" stays one colour, and a quoted text is never cut.
 */
export function feedbackClauses(feedback: string): string[] {
  return normaliseFeedback(feedback)
    .replace(/\bblack\s*(?:and|&)\s*white\b/gi, 'black-and-white')
    .replace(/["“”«»]([^"“”«»]*)["“”«»]/g, (quoted) => quoted.replace(/[,;.!?]|\band\b/g, ' '))
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    .filter((c) => /[\p{L}\p{N}#]/u.test(c));
}

const inside = (spans: Span[], at: number) => spans.some(([s, e]) => at >= s && at < e);

/**
 * Marks a clause of feedback (already through normaliseFeedback), in this order:
 * 1. "instead of X", "rather than X": X is replaced (and negated), the marker words are markers;
 * 2. limiters ("just", "no more than") are markers, so the "no" of "no more than" negates nothing;
 * 3. negation cues ("no", "don't", "without") negate the rest of the clause;
 * 4. diminishers ("less", "too", "not so") negate only the next word.
 */
export function markClause(clause: string): ClauseMarks {
  const text = normaliseNumbers(clause);
  const marks: ClauseMarks = { text, negated: [], replaced: [], markers: [] };
  for (const m of text.matchAll(INSTEAD)) {
    const start = m.index! + m[1].length + m[0].slice(m[1].length).indexOf(m[2]);
    const span: Span = [start, start + m[2].length];
    marks.replaced.push(span);
    marks.negated.push(span);
    marks.markers.push([m.index!, m.index! + m[1].length]);
  }
  const limiters: Span[] = [...text.matchAll(LIMITER)].map((m) => [m.index!, m.index! + m[0].length]);
  marks.markers.push(...limiters);
  for (const m of text.matchAll(NEGATION)) {
    const at = m.index!;
    if (inside(marks.markers, at)) continue;
    marks.markers.push([at, at + m[0].length]);
    marks.negated.push([at + m[0].length, text.length]);
  }
  for (const m of text.matchAll(DIMINISHER)) {
    const at = m.index!;
    if (inside(marks.markers, at)) continue;
    const word = at + m[0].length - m[1].length;
    marks.markers.push([at, word]);
    marks.negated.push([word, word + m[1].length]);
  }
  return marks;
}

/** Whether a span (a rule's match) lies in a negated or replaced scope and does not contain its own cue. */
export function scopeOf(marks: ClauseMarks, span: Span): { negated: boolean; replaced: boolean } {
  const within = (spans: Span[]) => spans.some(([s, e]) => span[0] >= s && span[0] < e);
  const ownsCue = marks.markers.some(([s, e]) => s >= span[0] && e <= span[1]);
  return {
    negated: within(marks.negated) && !ownsCue,
    replaced: within(marks.replaced),
  };
}

/** Whether a clause is about something no local model makes (music, sound effects). */
export const namesUnmade = (clause: string) => new RegExp(MARK_SOURCES.unmade, 'i').test(clause);
