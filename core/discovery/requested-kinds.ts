import type { BriefReading } from './brief-reading';
import { REQUEST_ZONES } from '../language/read-token';
import { deliverableOf } from './deliverable';
import { lexicon } from '../language/lexicon';

const words = lexicon.outOfScopeWords;

/**
 * Written deliverables longer than any app's copy (a caption, a headline, a script): as the thing
 * the brief asks to make ("Write a blog post about ..."), no app fits.
 */
const LONG_TEXT = words.long_text.kinds;

/** File formats and what they are as MIME types; an app must output the MIME type (or name the word). */
const FORMATS: Readonly<Record<string, string>> = words.file_formats.to_mime;

const LOOK_WORDS: ReadonlySet<string> = new Set(lexicon.lookWords.after_format.lemmas);
/** Pictures a style word can describe. */
const DRAWN: ReadonlySet<string> = new Set(words.drawn.lemmas);

/** Any of `list`, with an optional plural "s". */
const anyOf = (list: string[]) => new RegExp(`^(?:${list.join('|')})s?$`);
const { scale_units: units } = words;
/** Longest thing any app makes, by unit: a few minutes of media, a page of text. */
const SCALE_LIMITS: { unit: RegExp; max: number; needsMedia: boolean }[] = [
  { unit: anyOf(units.minutes), max: 3, needsMedia: true },
  { unit: anyOf(units.hours), max: 0, needsMedia: true },
  { unit: anyOf(units.pages), max: 1, needsMedia: false },
  { unit: anyOf(units.words), max: 400, needsMedia: false },
];
/** Nouns a duration must measure to be the length of what is asked ("a 10-minute documentary"). */
const LONG_MEDIA = anyOf(words.long_media.words);

const { advice } = words;
/** A question's opening words that ask for advice ("What ...", "How often ..."). */
const ADVICE = new RegExp(`^(?:${advice.openers.join('|')}|how (?:${advice.after_how.join('|')}))\\b`, 'i');

/**
 * A question asking for advice ("What hashtags should I use?", "Which time is best to post?"):
 * the brief wants an answer, not content.
 */
export function asksForAdvice(reading: BriefReading): boolean {
  const text = reading.brief.trim();
  return /\?\s*$/.test(text) && ADVICE.test(text);
}

/**
 * Drawings that must be exact to their data or measures (a floor plan, a bar chart): a generated
 * image only looks like one.
 */
const PRECISE_DRAWINGS = words.precise_drawings.kinds;

/** The long written deliverable the brief asks for ("blog post", "press release"), if that is what it asks. */
export function longTextAsked(reading: BriefReading): string | null {
  return preciseDrawingAsked(reading) ? null : deliverableNamed(reading, LONG_TEXT);
}

/** The exact drawing the brief asks for ("a floor plan", "a bar chart"), if that is what it asks. */
export function preciseDrawingAsked(reading: BriefReading): string | null {
  return deliverableNamed(reading, PRECISE_DRAWINGS);
}

/** The last one or two words of the brief's deliverable, when they are one of `kinds`. */
function deliverableNamed(reading: BriefReading, kinds: string[]): string | null {
  const phrase = deliverableOf(reading).map((t) => t.lemma);
  for (let n = Math.min(2, phrase.length); n >= 1; n--) {
    const tail = phrase.slice(-n).join(' ');
    if (kinds.includes(tail)) return tail;
  }
  return null;
}

/** Formats named in the request, skipping the caller's own files ("my MP4 files"). */
export function requestedFormats(reading: BriefReading): { word: string; mime: string }[] {
  const found: { word: string; mime: string }[] = [];
  reading.tokens.forEach((t, i) => {
    if (!REQUEST_ZONES.has(t.zone) && t.zone !== 'content') return;
    const mime = FORMATS[t.word];
    const own = reading.tokens.slice(Math.max(0, i - 2), i).some((p) => p.word === 'my' || p.word === 'our');
    // "a flat vector look", "vector-style": how the picture looks, not the file asked for.
    // A "flat vector illustration" or "vector icon" is a drawing style too; a "vector file" is the file.
    const look = reading.tokens
      .slice(i + 1, i + 3)
      .some((n) => LOOK_WORDS.has(n.lemma) || (t.word === 'vector' && DRAWN.has(n.lemma)));
    if (mime && !own && !look && !t.negated) found.push({ word: t.word, mime });
  });
  return found;
}

const WORD_NUMBERS: Readonly<Record<string, number>> = words.numbers.words;

/** A quantity in the request beyond what any app makes ("2,000-word", "a 10-minute documentary"). */
export function beyondScale(reading: BriefReading): string | null {
  const tokens = reading.tokens.filter((t) => REQUEST_ZONES.has(t.zone) && t.type !== 'punctuation');
  for (let i = 0; i < tokens.length - 1; i++) {
    const amount = WORD_NUMBERS[tokens[i].lower] ?? Number(tokens[i].text.replace(/,/g, ''));
    if ((tokens[i].type !== 'number' && !(tokens[i].lower in WORD_NUMBERS)) || !Number.isFinite(amount))
      continue;
    const unit = tokens[i + 1];
    const limit = SCALE_LIMITS.find((l) => l.unit.test(unit.word));
    if (!limit || amount <= limit.max) continue;
    const measured = tokens.slice(i + 2, i + 6).some((t) => LONG_MEDIA.test(t.word));
    if (!limit.needsMedia || measured) return `${tokens[i].text} ${unit.text}`;
  }
  return null;
}
