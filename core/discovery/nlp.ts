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
    tokens.push({
      text: value,
      lower,
      lemma: String(t.out(its.lemma)).toLowerCase(),
      pos: String(t.out(its.pos)),
      type: String(t.out(its.type)),
      negated: (t.out(its.negationFlag) as unknown) === true,
      known: isKnownWord(lower),
      start,
      end: start + value.length,
      sentence: sentenceOf[i] ?? 0,
    });
  });
  return tokens;
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
