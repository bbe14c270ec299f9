import { terms } from '../language/normalize';

/**
 * The option label a text asks for, or null. Never invents: the answer is always one of `options`.
 * 1. A label matches when all its words appear in the text as a phrase (stemmed, so "playful"
 *    finds "Playful" and "neon lights" finds "Neon").
 * 2. Several labels match: the longest label wins (more specific), then the one the text names first.
 */
export function matchOption(options: string[], text: string): string | null {
  const sequence = terms(text);
  const found = options
    .map((label) => ({ label, words: terms(label) }))
    .filter((o) => o.words.length > 0 && containsSequence(sequence, o.words))
    .map((o) => ({ ...o, at: firstIndex(sequence, o.words) }));
  if (found.length === 0) return null;
  found.sort((a, b) => b.words.length - a.words.length || a.at - b.at);
  return found[0].label;
}

/**
 * The one label an agent's short value begins ("three_reasons" -> "Three reasons I love it",
 * "problem-fix" -> "Problem and fix"): the value's words, in order, start the label's words. Null
 * when no label or more than one does.
 */
export function matchShortenedOption(options: string[], value: string): string | null {
  const words = terms(value.replace(/[_-]+/g, ' '));
  if (words.length === 0) return null;
  const found = options.filter((label) => {
    const labelWords = terms(label);
    return words.length < labelWords.length && words.every((w, i) => labelWords[i] === w);
  });
  return found.length === 1 ? found[0] : null;
}

function firstIndex(sequence: string[], phrase: string[]): number {
  for (let i = 0; i + phrase.length <= sequence.length; i++)
    if (phrase.every((w, j) => sequence[i + j] === w)) return i;
  return -1;
}

/** The option that is exactly this aspect ratio ("9:16"), if the parameter offers it. */
export function matchRatio(options: string[], ratio: string): string | null {
  return options.find((o) => o.replace(/\s+/g, '') === ratio.replace(/\s+/g, '')) ?? null;
}

function containsSequence(sequence: string[], phrase: string[]): boolean {
  return firstIndex(sequence, phrase) >= 0;
}
