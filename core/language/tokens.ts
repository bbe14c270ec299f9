import { lexicon } from './lexicon';
import { escapeRegExp } from './phrases';

/**
 * The shapes of words the readers cut a text into, in one place. Each reader picks the shape its
 * question needs: discovery's terms (normalize.ts), slot filling's letter runs (letter-words.ts), and
 * the shapes below for counting, matching names, reading directions and keeping names as written.
 */

/** A word with where it starts and ends in the text, so a phrase can be cut from the text as written. */
export interface WordSpan {
  word: string;
  start: number;
  end: number;
}

const spansOf = (text: string, shape: RegExp): WordSpan[] =>
  [...text.matchAll(shape)].map((m) => ({ word: m[0], start: m.index!, end: m.index! + m[0].length }));

/** How many words a text has, counted between runs of white space ("" and " a " are 0 and 1 words). */
export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** The runs of ASCII letters and digits of a text, in lower case ("Instagram Reels" -> instagram, reels). */
export const asciiWords = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** The runs of letters and digits of a text, in lower case ("Pre-order 2 loaves!" -> pre, order, 2, loaves). */
export const plainWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A word of a direction: inner apostrophes, hyphens and hashtags stay ("don't", "pre-order", "#sale"). */
const DIRECTION_WORD = /[\p{L}\p{N}#][\p{L}\p{N}'’#-]*/gu;

/** The words of a direction with their spans (how a reader finds the words no rule consumed). */
export const directionWords = (text: string): WordSpan[] => spansOf(text, DIRECTION_WORD);

/** Abbreviations whose full stop is part of the word ("Co.", "St."), as a regex alternation. */
export const ABBREVIATION = lexicon.copyWords.abbreviations.words.map(escapeRegExp).join('|');

/**
 * A word of a name as written: an abbreviation keeps its full stop ("Co."), signs inside a word stay
 * ("24/7", "6am", "$5"), and a lone "&" is a word of a name ("Crumb & Co.").
 */
const NAME_TOKEN = new RegExp(
  String.raw`\b(?:${ABBREVIATION})\.(?![\p{L}\p{N}])|[#@]?[\p{L}\p{N}][\p{L}\p{N}'’%$&+./-]*[\p{L}\p{N}%]|[#@]?[\p{L}\p{N}%$]|&`,
  'gu',
);

/** The words of a text as written, names kept whole (see NAME_TOKEN). */
export const nameTokens = (text: string): string[] => text.match(NAME_TOKEN) ?? [];

/** The words of a text as written, with their spans. */
export const nameTokenSpans = (text: string): WordSpan[] => spansOf(text, NAME_TOKEN);

const ENDS_WITH_ABBREVIATION = new RegExp(String.raw`\b(?:${ABBREVIATION})\.$`);

/** The text ends with an abbreviation's full stop ("... at Crumb & Co."), not a sentence's. */
export const endsWithAbbreviation = (text: string): boolean => ENDS_WITH_ABBREVIATION.test(text);
