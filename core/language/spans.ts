/**
 * The parts of a prose brief that carry content rather than the request: quoted passages, URLs,
 * asides in parentheses, a leading label ("Vertical video ad: ..."), the text after a colon, and
 * "Key: value" cues inside the text ("Call to action: ...", "Episode: ..."). Spans are character
 * ranges of the original brief, so the tokens wink reads can be placed in them.
 */

import { asciiWords } from './tokens';
import { lexicon } from './lexicon';
import { orientationsIn, platformsIn, ratiosIn } from './placement';

export interface Span {
  start: number;
  end: number;
  text: string;
}

export interface Quote extends Span {
  /** Up to four words written just before the quote ("cta", "episode", "featured line", "the article"). */
  before: string;
}

export interface KeyCue extends Span {
  /** The cue's words before the colon, lower case ("call to action", "product"). */
  key: string;
  /** Where the value after the colon starts and ends (the next sentence end or key cue). */
  valueStart: number;
  valueEnd: number;
}

export interface BriefSpans {
  quotes: Quote[];
  urls: Span[];
  parens: Span[];
  /** A short noun phrase before the first colon that names what is asked for. */
  label: Span | null;
  /** Where the text after the first content colon starts (the label's colon, or a later one). */
  afterColon: number | null;
  /** Where it ends: at a later sentence that asks for something ("We want ..."), else the brief's end. */
  afterColonEnd: number;
  keyCues: KeyCue[];
  /** Lists after a spaced dash ("... for our Glow Serum - lightweight, no fragrance, visible results"). */
  lists: Span[];
}

/** Double or single quotes; an apostrophe between letters ("don't") stays inside a single-quoted text. */
const QUOTED =
  /["“]([^"“”]{2,}?)["”]|(?:^|[\s(])['‘]((?:[^'‘’]|(?<=[A-Za-z])['’](?=[A-Za-z])){3,}?)['’](?=[\s.,;:!?)]|$)/g;
export const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>)\]]+/gi;
const PARENS = /\(([^()]{2,200})\)/g;
/** A colon that is not inside a ratio or a time ("9:16", "10:30"). */
const CONTENT_COLON = /(?<!\d):|:(?!\d)/g;
/** Words a label never holds: a label names a thing, it does not ask ("I want make one image:"). */
const anyOf = (words: string[]) => words.join('|');
const NOT_A_LABEL = new RegExp(`\\b(?:${anyOf(lexicon.spans.not_a_label.words)})\\b`, 'i');
const MAX_LABEL_WORDS = 10;

export function quotesIn(text: string): Quote[] {
  return [...text.matchAll(QUOTED)].map((m) => {
    const inner = (m[1] ?? m[2]).trim();
    const start = text.indexOf(inner, m.index);
    const before = asciiWords(text.slice(Math.max(0, m.index - 40), m.index))
      .slice(-4)
      .join(' ');
    return { start, end: start + inner.length, text: inner, before };
  });
}

export function urlSpans(text: string): Span[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => {
    const url = m[0].replace(/[.,;:!?]+$/, '');
    return { start: m.index, end: m.index + url.length, text: url };
  });
}

const inside = (at: number, spans: Span[]) => spans.some((s) => at >= s.start && at < s.end);

/** Colons outside quotes and URLs, in order. */
function colons(text: string, skip: Span[]): number[] {
  return [...text.matchAll(CONTENT_COLON)].map((m) => m.index).filter((i) => !inside(i, skip));
}

/** A full stop, question or exclamation mark ending a sentence: not inside a quote, not "Co." or "Dr.". */
const SENTENCE_END = new RegExp(
  `(?<!\\b(?:${anyOf(lexicon.spans.sentence_abbreviations.words)}))[.!?](?:\\s|$)(?![^"“]*["”])`,
);

/** Keys of a line someone says or reads ("Featured line:", "Script:", "Spoken quote:"): the value is a passage. */
const SPOKEN_KEY = new RegExp(`\\b(?:${anyOf(lexicon.spans.spoken_keys.words)})$`);

/**
 * Where a spoken passage ends: its next sentences belong to it, up to the next cue, a sentence that
 * asks for something, or one that names a platform, a ratio or an orientation (how the piece is made).
 */
function passageEnd(text: string, from: number, next: number): number {
  const end = Math.min(next, requestAfter(text, from));
  let at = from;
  for (;;) {
    const stop = text.slice(at, end).search(SENTENCE_END);
    if (stop < 0) return end;
    const sentenceStart = at + stop + 1;
    const sentence = text.slice(sentenceStart, end).split(SENTENCE_END)[0];
    if (
      platformsIn(sentence).length > 0 ||
      ratiosIn(sentence).length > 0 ||
      orientationsIn(sentence).length > 0
    )
      return at + stop;
    at = sentenceStart;
  }
}

/**
 * "Call to action:", "Product:", "Line:" after a sentence or clause start: 1-3 words, an optional
 * aside ("Spoken quote (keep it short):"), then a colon.
 */
function keyCues(text: string, skip: Span[]): KeyCue[] {
  const cues: KeyCue[] = [];
  const pattern =
    /(?:^|[.!?;,|]\s*|\s[-–—]\s|\n)([A-Za-z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*){0,2})(?:\s*\([^()]{1,80}\))?\s*:(?!\d)/g;
  for (const m of text.matchAll(pattern)) {
    const keyStart = m.index + m[0].indexOf(m[1]);
    const colon = m.index + m[0].length - 1;
    if (inside(keyStart, skip) || inside(colon, skip)) continue;
    const valueStart = m.index + m[0].length;
    cues.push({
      start: keyStart,
      end: keyStart + m[1].length,
      text: m[1],
      key: m[1].toLowerCase(),
      valueStart,
      valueEnd: text.length,
    });
  }
  for (let i = 0; i < cues.length; i++) {
    const next = cues[i + 1]?.start ?? text.length;
    const sentenceEnd = text.slice(cues[i].valueStart).search(SENTENCE_END);
    const end = sentenceEnd >= 0 ? cues[i].valueStart + sentenceEnd : text.length;
    cues[i].valueEnd = SPOKEN_KEY.test(cues[i].key)
      ? passageEnd(text, cues[i].valueStart, next)
      : Math.min(next, end);
  }
  return cues;
}

/**
 * Text after a spaced dash, to the sentence end or the next dash, that is a list of phrases (two
 * or more, about two words each): content the brief carries (selling points, steps), not the
 * request. A list of single words ("feed, story, banner") names deliverables and stays the ask.
 */
function dashLists(text: string): Span[] {
  const lists: Span[] = [];
  for (const m of text.matchAll(/\s[-–—]\s/g)) {
    const start = m.index + m[0].length;
    const rest = text.slice(start);
    const end =
      start +
      Math.min(
        ...[rest.search(/\s[-–—]\s/), rest.search(/[.!?](?:\s|$)/), rest.length].filter((i) => i >= 0),
      );
    const items = text
      .slice(start, end)
      .split(/[,;]/)
      .map((i) => i.trim())
      .filter(Boolean);
    const words = items.reduce((n, i) => n + i.split(/\s+/).length, 0);
    if (items.length >= 2 && words / items.length >= 1.5)
      lists.push({ start, end, text: text.slice(start, end) });
  }
  return lists;
}

/** A sentence that opens by asking: "We want ...", "We finally have a budget and want ...", "I'd like ...", "Please ...", "Can you ...". */
const { asking_sentence: asking } = lexicon.spans;
const ASKING_SENTENCE = new RegExp(
  `[.!?]["”'’]?\\s+(?=(?:${anyOf(asking.askers)})(?:\\s+(?:[a-z]+\\s+){0,8}?(?:${anyOf(asking.verbs)})|['’](?:${anyOf(asking.contracted)}))\\b|(?:${anyOf(asking.openers)})\\b)`,
  'gi',
);

/** Where the content after a colon ends: before the first later sentence that asks for something. */
function requestAfter(text: string, from: number): number {
  ASKING_SENTENCE.lastIndex = from;
  const m = ASKING_SENTENCE.exec(text);
  return m ? m.index + 1 : text.length;
}

export function briefSpans(text: string): BriefSpans {
  const quotes = quotesIn(text);
  const urls = urlSpans(text);
  const skip = [...quotes, ...urls];
  const parens = [...text.matchAll(PARENS)]
    .map((m) => ({ start: m.index + 1, end: m.index + 1 + m[1].length, text: m[1] }))
    .filter((p) => !inside(p.start - 1, skip));
  const firstColon = colons(text, [...skip, ...parens])[0];
  let label: Span | null = null;
  if (firstColon !== undefined) {
    const head = text.slice(0, firstColon);
    const words = head.split(/\s+/).filter(Boolean);
    if (words.length > 0 && words.length <= MAX_LABEL_WORDS && !NOT_A_LABEL.test(head) && !/[.!?]/.test(head))
      label = { start: 0, end: firstColon, text: head.trim() };
  }
  return {
    quotes,
    urls,
    parens,
    label,
    afterColon: firstColon === undefined ? null : firstColon + 1,
    afterColonEnd: firstColon === undefined ? text.length : requestAfter(text, firstColon + 1),
    keyCues: keyCues(text, skip),
    lists: dashLists(text),
  };
}

/** A person's name as written: one to four capitalised words ("Dana Okafor", "J. R. R. Tolkien"). */
const NAME_WORDS = String.raw`[\p{Lu}][\p{L}.'’-]*(?:\s+[\p{Lu}][\p{L}.'’-]*){0,3}`;
const NAME = `(${NAME_WORDS})`;
/** The whole text is a person's name. */
export const PERSON_NAME = new RegExp(`^${NAME_WORDS}$`, 'u');
const SAYING = `(?:${anyOf(lexicon.spans.sayings.words)})`;
const OPEN_QUOTE = String.raw`\s*:?\s*["“']?$`;
/** "Ruth Bader Ginsburg's words", "Lao Tzu's "..."", "the sentence of our head chef Lucia Moreno:", right before the quote. */
const OWNED_SAYING = [
  new RegExp(String.raw`${NAME}['’]s\s+${SAYING}${OPEN_QUOTE}`, 'u'),
  // "something with Lao Tzu's 'A journey of ...'": a named person's quotation.
  new RegExp(String.raw`${NAME}['’]s\s*["“']$`, 'u'),
  new RegExp(
    String.raw`${SAYING}\s+(?:of|from|by)\s+(?:our |my |the )?(?:\p{Ll}+\s+){0,3}${NAME}${OPEN_QUOTE}`,
    'u',
  ),
];

/** Who said the quotation, when the brief names them right before it as the owner of the words. */
export function speakerBefore(brief: string, quote: Quote): string | null {
  const before = brief.slice(Math.max(0, quote.start - 80), quote.start);
  for (const pattern of OWNED_SAYING) {
    const m = before.match(pattern);
    if (m) return m[1].trim();
  }
  return null;
}
