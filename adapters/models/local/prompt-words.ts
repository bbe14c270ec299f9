import { lexicon } from '../../../core/language/lexicon';
import { endsWithAbbreviation, nameTokens, nameTokenSpans } from '../../../core/language/tokens';
import { DETERMINERS, IMPERATIVES, NAME_CONNECTORS, VERB_SIGNALS } from './copy-words';

const prompts = lexicon.prompts;

/**
 * Rule-based reading of a prompt, shared by the local image renderer and text generator:
 * which words carry the subject, which only describe the look, and what text the prompt quotes.
 */

const STOPWORDS = new Set(prompts.stopwords.words);

/** Words that ask for a kind of output or describe its look rather than its subject. */
const FORMAT_WORDS = new Set(prompts.format_words.words);

/** Colour and mood words; the palette reads them, the subject ignores them. */
export const COLOUR_WORDS = new Set(prompts.look_words.words);

/** The words of a text as written, names kept whole ("Crumb & Co.", "24/7"). */
export const tokens = nameTokens;

/** The small words that connect content words; exported for the hashtag writer. */
export const STOPWORD_SET: ReadonlySet<string> = STOPWORDS;

const bare = (word: string) => word.toLowerCase().replace(/['’]s$/, '');

export function isContentWord(word: string): boolean {
  const w = bare(word);
  return (
    !STOPWORDS.has(w) &&
    !FORMAT_WORDS.has(w) &&
    !SUBJECT_CUES.has(w) &&
    !/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(w)
  );
}

/** Verbs that introduce the subject ("a poster announcing ..."): not part of it. */
const SUBJECT_CUES = new Set(prompts.subject_cues.words);

/**
 * A colour word describes the look when what follows it is not subject matter ("teal poster",
 * "navy and gold"), but belongs to the subject otherwise ("black friday", "summer launch").
 */
export function isLookWord(words: string[], index: number): boolean {
  if (!COLOUR_WORDS.has(bare(words[index]))) return false;
  const next = words[index + 1];
  return next === undefined || !isContentWord(next) || isLookWord(words, index + 1);
}

/** Content words in prompt order, without the colour words that only describe the look. */
export function contentWords(text: string): string[] {
  const words = tokens(text);
  return words.filter((w, i) => isContentWord(w) && !isLookWord(words, i));
}

/** Text the prompt puts in quotes, which the caller wants used verbatim. */
export function quotedText(text: string): string | undefined {
  const match = text.match(/["“”«]([^"“”«»]{2,})["“”»]/);
  return match ? match[1].trim() : undefined;
}

/** The prompt split into clauses at punctuation that separates ideas. */
export function clauses(text: string): string[] {
  return sentences(text)
    .flatMap((sentence) => sentence.split(/[,;:!?\n]|\s[-–—]\s/))
    .map((c) =>
      c.trim().replace(/\.$/, (stop, at: number, c: string) => (endsWithAbbreviation(c) ? stop : '')),
    )
    .filter(Boolean);
}

/**
 * Sentences of a text: a full stop followed by a space (or the end) ends one, except the stop of an
 * abbreviation ("Crumb & Co. sourdough"), unless an instruction follows it ("... at Crumb & Co. Pre-order now").
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const stop of text.matchAll(/\.(?:\s+|$)/g)) {
    const end = stop.index! + 1;
    const before = text.slice(start, end);
    const next = text
      .slice(stop.index! + stop[0].length)
      .match(/^[\p{L}-]+/u)?.[0]
      ?.toLowerCase();
    if (endsWithAbbreviation(before) && (next === undefined || !IMPERATIVES.has(next))) continue;
    out.push(before.trim());
    start = stop.index! + stop[0].length;
  }
  if (start < text.length) out.push(text.slice(start).trim());
  return out.filter(Boolean);
}

/**
 * The most telling words, best first: frequent and long words score higher; ties keep prompt order.
 */
export function keywords(text: string, limit: number): string[] {
  const seen = new Map<string, { score: number; first: number }>();
  contentWords(text).forEach((word, index) => {
    const key = bare(word).replace(/[.'’]+$/, '');
    if (key.length < 3 || /^\d+%?$/.test(key)) return;
    const entry = seen.get(key) ?? { score: 0, first: index };
    entry.score += 1 + Math.min(key.length, 10) / 10;
    seen.set(key, entry);
  });
  return [...seen.entries()]
    .sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first)
    .slice(0, limit)
    .map(([word]) => word);
}

/**
 * The subject as a short phrase, read from the first clause that has one:
 * 1. quoted text wins;
 * 2. the phrase starts at the first content word (so "a teal poster announcing our ..." skips to
 *    what is announced), runs while words are content or small connectors, stops at a format
 *    word, a cue or a colour word that only describes the look, and drops trailing connectors.
 */
export function subjectPhrase(text: string, maxWords = 6): string {
  const quoted = quotedText(text);
  if (quoted) return quoted;
  for (const clause of clauses(text)) {
    const spans = nameTokenSpans(clause);
    const phrase = phraseIn(
      spans.map((s) => s.word),
      maxWords,
    );
    // Cut from the clause as written, so a name keeps its own spacing and signs ("Crumb & Co.", "24/7").
    if (phrase) return clause.slice(spans[phrase[0]].start, spans[phrase[1]].end);
  }
  return '';
}

/** Imperatives that open a request ("design a poster ..."); elsewhere the same words are subject matter. */
const OPENING_VERBS = new Set(prompts.opening_verbs.words);

/** The first and last word of the subject phrase among `words`, or null. */
function phraseIn(words: string[], maxWords: number): [number, number] | null {
  const content = (i: number) =>
    isContentWord(words[i]) && !isLookWord(words, i) && !(i === 0 && OPENING_VERBS.has(bare(words[i])));
  const start = words.findIndex((_, i) => content(i));
  if (start < 0) return null;
  let end = start - 1;
  let taken = 0;
  for (let i = start; i < words.length && taken < maxWords; i++) {
    const w = bare(words[i]);
    if (taken > 0 && startsPredicate(words, i)) break;
    if (content(i)) taken++;
    else if (!STOPWORDS.has(w) || COLOUR_WORDS.has(w)) break;
    end = i;
  }
  while (end >= start && STOPWORDS.has(bare(words[end]))) end--;
  return end >= start ? [start, end] : null;
}

/**
 * Whether the word at `index` starts what is said about the phrase before it: an auxiliary ("is made"),
 * or a lower-case -s word before a determiner or time word ("launches this Saturday", "starts at 6am").
 */
export function startsPredicate(words: string[], index: number): boolean {
  const w = words[index].toLowerCase();
  if (VERB_SIGNALS.has(w)) return true;
  const next = words[index + 1]?.toLowerCase();
  return /^[a-z]{3,}s$/.test(words[index]) && !/ss$/.test(w) && next !== undefined && DETERMINERS.has(next);
}

/**
 * What the subject's clause says about the subject, when it says something: "launches this Saturday at
 * Crumb & Co." of "our sourdough launches this Saturday at Crumb & Co.", written after "It".
 */
export function subjectPredicate(text: string, subject: string): string | undefined {
  if (!subject) return undefined;
  for (const clause of clauses(text)) {
    const at = clause.indexOf(subject);
    if (at < 0) continue;
    const rest = tokens(clause.slice(at + subject.length));
    if (rest.length < 2 || !startsPredicate(rest, 0)) return undefined;
    return clause.slice(at + subject.length).trim();
  }
  return undefined;
}

/** The clauses after the subject's (all of them, when the subject is quoted), trimmed of format words. */
export function detailClauses(text: string): string[] {
  const withContent = clauses(text.replace(/["“”«»][^"“”«»]*["“”«»]/g, ' ')).filter(
    (c) => contentWords(c).length > 0,
  );
  return withContent
    .slice(quotedText(text) ? 0 : 1)
    .map((clause) => {
      const words = tokens(clause).filter((w) => !FORMAT_WORDS.has(bare(w)));
      while (words.length > 0 && STOPWORDS.has(bare(words[0]))) words.shift();
      return words.join(' ');
    })
    .filter(Boolean);
}

/** A second idea for a subtitle: the first detail clause, cut to maxWords. */
export function secondaryPhrase(text: string, maxWords = 8): string | undefined {
  const clause = detailClauses(text)[0];
  return clause ? clause.split(' ').slice(0, maxWords).join(' ') : undefined;
}

/** The colour and mood words that describe the look ("warm", "teal"), not the subject. */
export function lookWords(text: string): string[] {
  const words = tokens(text);
  return words.filter((_, i) => isLookWord(words, i)).map(bare);
}

/**
 * Title case that keeps names as written: a word with a capital is left alone ("iPhone", "Co."), and the
 * small words of names ("vs", "&", "of") stay lower case after the first word ("Ser vs Estar").
 */
export function titleCase(phrase: string): string {
  return phrase
    .split(/\s+/)
    .map((w, i) => {
      if (/\p{Lu}/u.test(w)) return w;
      const lower = w.toLowerCase();
      if (i > 0 && (NAME_CONNECTORS.has(lower) || (STOPWORDS.has(lower) && w.length < 4))) return lower;
      return w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join(' ');
}

export function sentenceCase(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** FNV-1a: a stable 32-bit hash, so that the same prompt always picks the same choices. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded generator for layouts that must repeat exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
