import { analyze, isKnownWord } from '../../../core/language/nlp';
import { IMPERATIVES, NAME_CONNECTORS, STREET_WORDS } from './copy-words';
import { clauses, STOPWORD_SET, startsPredicate, tokens } from './prompt-words';

/** A hashtag is a tag, never a sentence. */
export const HASHTAG_MAX_WORDS = 3;

const capitalised = (w: string) => /^[\p{Lu}\p{N}]/u.test(w);
const clean = (w: string) => w.replace(/['’]s$/i, '').replace(/[^\p{L}\p{N}]+/gu, '');
/** A real word (in the English lexicon) or a name the prompt wrote with a capital or a digit. */
const real = (w: string) => capitalised(w) || isKnownWord(clean(w));
const tagOf = (words: string[]) =>
  '#' +
  words
    .flatMap((w) => w.replace(/['’]s$/i, '').split(/[^\p{L}\p{N}]+/u))
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** Runs of capitalised words with the small words of names between them ("Crumb & Co.", "Ser vs Estar"). */
function names(words: string[]): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  const close = () => {
    while (run.length && NAME_CONNECTORS.has(run[run.length - 1].toLowerCase())) run.pop();
    if (run.length) runs.push(run);
    run = [];
  };
  for (const w of words) {
    // A possessive ends its name: "Café y Luna’s Straße-style pretzels" names "Café y Luna".
    if (capitalised(w) && /['’]s$/i.test(w)) {
      run.push(w);
      close();
    } else if (capitalised(w)) run.push(w);
    else if (run.length && NAME_CONNECTORS.has(w.toLowerCase())) run.push(w);
    else close();
  }
  close();
  return runs;
}

/**
 * Hashtags for a subject, each at most three real words in CamelCase, never a sentence:
 * 1. each name in the subject ("Crumb & Co." -> #CrumbCo, "Ser vs Estar" -> #SerVsEstar), the small
 *    words of names dropped when they are symbols;
 * 2. the subject's head: its last words before any predicate, without possessives, determiners or
 *    the owner of a possessive ("our bakery's new sourdough loaf" -> #SourdoughLoaf);
 * 3. single keywords that are real nouns, not part of a name and not the verb of a predicate in the prompt
 *    ("launches" of "sourdough launches this Saturday").
 * Every tag has at most HASHTAG_MAX_WORDS words; duplicates (case-insensitive) are dropped.
 */
export function hashtagsFor(subject: string, keywords: string[], limit: number, prompt = subject): string[] {
  const words = tokens(subject);
  const all = tokens(prompt);
  const verbs = new Set(all.filter((_, i) => i > 0 && startsPredicate(all, i)).map((w) => w.toLowerCase()));
  const predicate = words.findIndex((_, i) => i > 0 && startsPredicate(words, i));
  const phrase = predicate > 0 ? words.slice(0, predicate) : words;
  const nameRuns = names(phrase);
  const inName = new Set(nameRuns.flat().map((w) => clean(w).toLowerCase()));
  const nameTags = nameRuns.filter((n) =>
    n.filter((w) => isNameWord(w) && !NAME_CONNECTORS.has(w.toLowerCase())).every(real),
  );
  // The head: what follows the owner of a possessive and every name ("Crumb & Co. sourdough" -> sourdough).
  const lastName = phrase
    .map((w) => inName.has(clean(w).toLowerCase()) || /['’]s$/i.test(w))
    .lastIndexOf(true);
  const head = phrase
    .slice(lastName + 1)
    .filter((w) => !STOPWORD_SET.has(w.toLowerCase()) && !/ly$/i.test(w));
  const headTags = head.length > 1 ? [headOf(head)].filter((h) => h.length > 1 && h.every(real)) : [];
  // Names elsewhere in the prompt ("Iron Bloom Gym"), not addresses ("Oak Avenue").
  const runs = clauses(prompt).flatMap((c) => names(tokens(c)));
  const address = (n: string[]) => STREET_WORDS.has(clean(n[n.length - 1]).toLowerCase());
  const promptNames = runs.filter((n) => n.length > 1 && !address(n));
  for (const n of runs.filter((r) => r.length > 1)) for (const w of n) inName.add(clean(w).toLowerCase());
  const single = keywords
    .filter(
      (k) =>
        !inName.has(k.toLowerCase()) &&
        !verbs.has(k.toLowerCase()) &&
        !STREET_WORDS.has(k.toLowerCase()) &&
        !IMPERATIVES.has(k.toLowerCase()) &&
        isKnownWord(k) &&
        isNoun(k),
    )
    .map((k) => [k]);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tagWords of [...nameTags, ...headTags, ...promptNames.filter((n) => n.every(real)), ...single]) {
    const tag = tagOf(tagWords.filter(isNameWord));
    const count = tagWords.filter(isNameWord).length;
    if (count === 0 || count > HASHTAG_MAX_WORDS || tag.length <= 2 || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out.slice(0, limit);
}

/** A word of a name that shows in its tag: letters or digits ("Co." yes, "&" no). */
const isNameWord = (w: string) => clean(w) !== '';

/** A single word makes a tag only as a noun ("#Sourdough"), never as an adjective or verb ("#New", "#Launches"). */
const isNoun = (word: string) => ['NOUN', 'PROPN'].includes(analyze(word)[0]?.pos ?? '');

/**
 * The head of a noun phrase for a tag: its last three words at most, without the adjectives and adverbs
 * that open it ("new oat milk latte" -> oat milk latte, "naturally leavened sourdough" -> sourdough).
 */
function headOf(words: string[]): string[] {
  const DESCRIBING_TAGS: readonly string[] = ['ADJ', 'ADV', 'VERB'] as const;
  const last = words.slice(-HASHTAG_MAX_WORDS);
  const tagged = analyze(last.join(' ')).filter((t) => t.pos !== 'PUNCT');
  const opening = tagged.findIndex((t) => !DESCRIBING_TAGS.includes(t.pos));
  return opening < 0 || tagged.length !== last.length ? last : last.slice(opening);
}
