/**
 * Cutting and cleaning user text without breaking it. Lengths here count graphemes (what a reader sees
 * as one character: "é", "👍🏽", "👨‍👩‍👧"), so a cut never splits a surrogate pair or an emoji sequence:
 * `.slice(0, 80)` on 40 emoji left half a pair that PostgreSQL refused as JSON (issue 12 item 7).
 */

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The graphemes of `text`, in order. */
export function graphemes(text: string): string[] {
  return Array.from(graphemeSegmenter.segment(text), (s) => s.segment);
}

/** `text` in pieces of `size` graphemes (the last may be shorter): a word too long for a line, broken. */
export function chunkGraphemes(text: string, size: number): string[] {
  if (text.length <= size) return [text];
  const all = graphemes(text);
  const pieces: string[] = [];
  for (let i = 0; i < all.length; i += size) pieces.push(all.slice(i, i + size).join(''));
  return pieces;
}

/** The first `max` graphemes of `text`; reads no further than it needs, so a huge text costs O(max). */
export function sliceGraphemes(text: string, max: number): string {
  if (max <= 0) return '';
  // Each grapheme is at least one UTF-16 unit: a text this short cannot have more.
  if (text.length <= max) return text;
  let count = 0;
  for (const { index } of graphemeSegmenter.segment(text)) {
    if (count === max) return text.slice(0, index);
    count++;
  }
  return text;
}

/**
 * The longest prefix of `text` that fits `maxLength` UTF-16 units (the `.length` that zod's `.max()`
 * and column limits count) and ends on a grapheme boundary: the safe replacement for `.slice(0, n)`.
 */
export function clipToLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = 0;
  for (const { index, segment } of graphemeSegmenter.segment(text)) {
    if (index + segment.length > maxLength) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** `text` cut to at most `max` graphemes, the last of them an ellipsis when something was cut. */
export function truncateText(text: string, max: number, ellipsis = '…'): string {
  const head = sliceGraphemes(text, max);
  if (head.length === text.length) return text;
  return `${sliceGraphemes(head, Math.max(0, max - graphemes(ellipsis).length)).trimEnd()}${ellipsis}`;
}

/** Whether `text` has more than `max` graphemes; counts no further than max + 1. */
export function exceedsGraphemes(text: string, max: number): boolean {
  return sliceGraphemes(text, max).length < text.length;
}

/**
 * The length in graphemes of the longest word, by Unicode word boundaries (UAX #29), which also
 * separate the words of Chinese and Japanese text that has no spaces. Punctuation runs are not words.
 */
export function longestWordLength(text: string): number {
  let longest = 0;
  for (const { segment, isWordLike } of wordSegmenter.segment(text)) {
    if (isWordLike && segment.length > longest) longest = Math.max(longest, graphemes(segment).length);
  }
  return longest;
}

/**
 * What XML 1.0 can carry (SVG for librsvg, which failed on "invalid Char value 27"): drops C0 controls
 * other than tab, newline and carriage return, lone surrogates, and U+FFFE/U+FFFF. Every other character
 * is kept; escaping markup is the writer's job.
 */
export function xmlSafeText(text: string): string {
  return text.replace(XML_UNSAFE, '');
}

// With the u flag a lone surrogate is one code point and matches the range; a proper pair does not.
// eslint-disable-next-line no-control-regex
const XML_UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/gu;
