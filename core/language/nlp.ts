import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** One token of a text as wink-nlp reads it, with its place in the original string. */
export interface Token {
  /** The text as written. */
  text: string;
  lower: string;
  /** Dictionary form ("posts" -> "post", "ran" -> "run"). */
  lemma: string;
  /** Universal part of speech: NOUN, VERB, PROPN, ADJ, ADP, NUM, PUNCT ... */
  pos: string;
  /** word, number, punctuation, url, email, hashtag, mention, emoji, symbol ... */
  type: string;
  /** Inside the scope of a negation ("no caption", "without text", "don't want a video"). */
  negated: boolean;
  /** wink-nlp knows the word (it is in the model's lexicon): unknown words may be typos. */
  known: boolean;
  start: number;
  end: number;
  /** Index of the sentence the token belongs to. */
  sentence: number;
}

type Engine = ReturnType<typeof winkNLP>;
let engine: { nlp: Engine; lexiconSize: number } | null = null;

/**
 * The English model loads once per process (about 4 MB, ~60 ms). wink appends words it has not seen
 * to its lexicon, so the lexicon size is read before any text: ids below it are known words.
 */
function load(): { nlp: Engine; lexiconSize: number } {
  if (engine) return engine;
  const nlp = winkNLP(model);
  const probe = nlp.readDoc('qzxwvqzxwv');
  const lexiconSize = probe.tokens().itemAt(0).out(nlp.its.uniqueId) as unknown as number;
  engine = { nlp, lexiconSize };
  return engine;
}

/**
 * Tokens of a text with lemma, part of speech, entity-like type, negation scope and character
 * offsets (found by walking the original text, so quotes and URLs can be mapped back to spans).
 */
export function analyze(text: string): Token[] {
  const { nlp } = load();
  // wink's typings do not tell each `its` helper's output apart; read them as the documented types.
  const its = nlp.its as unknown as Record<string, never>;
  const doc = nlp.readDoc(text);
  const sentenceOf: number[] = [];
  doc.sentences().each((s, i) => {
    const [from, to] = s.out(its.span) as unknown as number[];
    for (let t = from; t <= to; t++) sentenceOf[t] = i;
  });
  const tokens: Token[] = [];
  let cursor = 0;
  doc.tokens().each((t, i) => {
    const value = t.out() as string;
    const at = text.indexOf(value, cursor);
    const start = at >= 0 ? at : cursor;
    cursor = at >= 0 ? at + value.length : cursor;
    const lower = value.toLowerCase();
    const lemma = String(t.out(its.lemma)).toLowerCase();
    tokens.push({
      text: value,
      lower,
      lemma,
      pos: String(t.out(its.pos)),
      type: String(t.out(its.type)),
      negated: (t.out(its.negationFlag) as unknown) === true,
      // An inflection of a known word is known too ("renters" of "renter"): not a typo to correct.
      known: isKnownWord(lower) || (lemma !== lower && isKnownWord(lemma)),
      start,
      end: start + value.length,
      sentence: sentenceOf[i] ?? 0,
    });
  });
  return markPluralPossessives(splitSentenceEnds(tokens));
}

/**
 * wink reads the apostrophe of a plural possessive ("my parents' farm", "the kids' menu") as punctuation,
 * which ends a noun phrase at the owner. Right after a word ending in "s" and before a word, it is the
 * possessive particle, as wink reads the "'s" of "the marketplace's rule"; a mark that closes a quoted
 * phrase ("'Oat & Honey Bars' and a white one") stays punctuation.
 */
function markPluralPossessives(tokens: Token[]): Token[] {
  let openQuote = false;
  return tokens.map((t, i) => {
    const owner = tokens[i - 1];
    const owned = tokens[i + 1];
    if (i > 0 && t.sentence !== owner.sentence) openQuote = false;
    const possessive =
      /^['’]$/.test(t.text) &&
      !openQuote &&
      owner !== undefined &&
      owner.end === t.start &&
      /s$/i.test(owner.text) &&
      owned !== undefined &&
      owned.start > t.end &&
      owned.pos !== 'PUNCT';
    // A lone quote mark opens or closes a quoted phrase ("say 'come by today' at the end").
    if (!possessive && /^['‘’]$/.test(t.text)) openQuote = !openQuote;
    return possessive ? { ...t, pos: 'PART', lemma: "'s", type: 'word' } : t;
  });
}

/**
 * wink reads a lower-case word and its full stop as one abbreviation ("fig.", "etc.") and goes on
 * with the sentence. Before a capitalised word the stop ends the sentence: "a fiddle leaf fig. Three
 * slides maybe" is two. The word and its stop are split, and what follows is a new sentence.
 */
function splitSentenceEnds(tokens: Token[]): Token[] {
  const out: Token[] = [];
  let added = 0;
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    const endsSentence =
      /^[a-z][a-z]*\.$/.test(t.text) && next !== undefined && /^[A-Z]/.test(next.text) && next.start > t.end;
    const sentence = t.sentence + added;
    if (!endsSentence) return out.push({ ...t, sentence });
    const word = t.text.slice(0, -1);
    out.push({
      ...t,
      text: word,
      lower: word,
      lemma: t.lemma.replace(/\.$/, ''),
      end: t.end - 1,
      known: isKnownWord(word),
      sentence,
    });
    out.push({
      ...t,
      text: '.',
      lower: '.',
      lemma: '.',
      pos: 'PUNCT',
      type: 'punctuation',
      negated: false,
      known: true,
      start: t.end - 1,
      sentence,
    });
    if (next.sentence + added === sentence) added += 1;
  });
  return out;
}

const known = new Map<string, boolean>();
/** Bounds the memo; wink's own lexicon grows with every new word anyway. */
const KNOWN_MEMO_MAX = 20_000;

/** Whether wink's English lexicon holds a word, looked up in lower case (case changes wink's ids). */
export function isKnownWord(word: string): boolean {
  const lower = word.toLowerCase();
  const memo = known.get(lower);
  if (memo !== undefined) return memo;
  const { nlp, lexiconSize } = load();
  const doc = nlp.readDoc(lower);
  const ids = doc.tokens().out(nlp.its.uniqueId) as unknown as number[];
  const answer = ids.length === 1 && ids[0] < lexiconSize;
  if (known.size >= KNOWN_MEMO_MAX) known.clear();
  known.set(lower, answer);
  return answer;
}
