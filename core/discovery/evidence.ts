import { termOf, type BriefReading, type ReadToken, type Zone } from './brief-reading';
import { REQUEST_ZONES } from '../language/read-token';
import { lexicon } from '../language/lexicon';
import { isStopword } from '../language/normalize';
import { namesSameThing, synonymsOf } from './synonyms';

const { evidence } = lexicon;

/**
 * How much a word in each zone tells about the app to use. The request and its label decide; the
 * keys of fields point at the app with those fields; what the content is about, and the content
 * itself, hint at most; quoted copy and links never count.
 */
export const ZONE_WEIGHTS: Record<Zone, number> = {
  label: 1,
  ask: 1,
  aside: 0.6,
  key: 0.6,
  context: 0.5,
  topic: 0.3,
  content: 0.25,
  quote: 0,
  url: 0,
};

/**
 * From this length a word wink knows may still be a typo of a catalog word ("carousal" for
 * "carousel"); shorter known words are too often other real words ("promote" is not "prompt").
 */
const RARE_LENGTH = 8;

/** Short forms people write for what apps spell out: they count as the words themselves. */
const SHORT_FORMS: Readonly<Record<string, string[]>> = evidence.short_forms.stands_for;

/** Words that introduce a name ("a bookshop called Dog Ears"): they ask for nothing. */
export const NAMING_WORDS: ReadonlySet<string> = new Set(evidence.naming.words);

/** In a phrase: none, one or two words of any kind ("walk [new users] through"). */
const GAP = '*';

/** Where the phrase ends in `lemmas` (the index after it), or -1 when it does not start there. */
function phraseEnd(phrase: string[], lemmas: string[], from = 0, at = 0): number {
  if (from === phrase.length) return at;
  if (phrase[from] === GAP) {
    for (let skip = 0; skip <= 2; skip++) {
      const end = phraseEnd(phrase, lemmas, from + 1, at + skip);
      if (end >= 0) return end;
    }
    return -1;
  }
  return lemmas[at] === phrase[from] ? phraseEnd(phrase, lemmas, from + 1, at + 1) : -1;
}

/**
 * Phrases that stand for one word the catalog uses ("walking through it" is a walkthrough), by lemma;
 * a "*" in a phrase is a GAP ("walks people through the feature").
 */
const phrases = (list: { phrase: string; word: string }[]): [string[], string][] =>
  list.map(({ phrase, word }) => [phrase.split(' '), word]);
const PHRASAL = phrases(evidence.phrases.stand_for);
/** Phrases that name a kind only when hyphenated: a "how-to" is a tutorial, "how to prepare" is a question. */
const HYPHENATED = phrases(evidence.phrases.hyphenated);

/** The word a phrase starting at token i stands for, and the phrase as written, if one does. */
function phrasalAt(
  tokens: ReadToken[],
  i: number,
): { stands: string; written: string; last: ReadToken } | undefined {
  const words = tokens.slice(i, i + 6).filter((t) => t.type === 'word');
  const lemmas = words.map((t) => t.lemma.toLowerCase());
  const hyphenated = tokens[i + 1]?.text === '-';
  const found = [...PHRASAL, ...(hyphenated ? HYPHENATED : [])].find(
    ([phrase]) => phraseEnd(phrase, lemmas) >= 0,
  );
  if (!found) return undefined;
  const phrase = words.slice(0, phraseEnd(found[0], lemmas));
  return { stands: found[1], written: phrase.map((t) => t.text).join(' '), last: phrase[phrase.length - 1] };
}

/** A brief word's synonyms together count about this much of the word itself. */
const SYNONYM_SHARE = 0.5;
/** A word that names the very same thing ("illustration" for "image") counts nearly as the word. */
const SAME_THING_SHARE = 0.8;

export interface EvidenceTerm {
  term: string;
  /** The word as the brief wrote it, for reasons. */
  word: string;
  /** How much the word counts toward coverage (a synonym: half its word's weight). */
  weight: number;
  /** Its BM25 boost: a word's synonyms share it, since BM25 adds up query terms. */
  boost: number;
  /** Found through a synonym of `word`. */
  synonym: boolean;
  /** A word wink does not know, or a long rare one (a typo, a brand): matched with edits, not just by prefix. */
  unknown?: boolean;
  /** Not written in the brief but implied by it, and by what ("a platform with nothing named to make"). */
  impliedBy?: string;
}

/** Light verbs say nothing about what to make ("I have text", "let's get"). */
const LIGHT: ReadonlySet<string> = new Set(evidence.light_verbs.lemmas);
/** Verbs of wanting and showing, whose nouns may name a thing ("a show", "a need") but they do not. */
const LIGHT_AS_VERB: ReadonlySet<string> = new Set(evidence.light_as_verb.lemmas);
/** Words for "some content" in general: every app makes content, so they tell none apart. */
const GENERIC: ReadonlySet<string> = new Set(evidence.generic.lemmas);

/** Words that carry no evidence: punctuation, numbers, stop words, light verbs, platforms, ratios. */
function counts(t: ReadToken): boolean {
  if (t.type !== 'word' || t.platform || t.ratio || t.placement || LIGHT.has(t.lemma) || GENERIC.has(t.lemma))
    return false;
  if (t.pos === 'VERB' && LIGHT_AS_VERB.has(t.lemma)) return false;
  // Adverbs ("never", "really", "just") qualify the request; they do not name what to make.
  if (t.pos === 'ADV' || t.pos === 'INTJ') return false;
  if (isStopword(t.word) || isStopword(t.lemma) || t.term.length < 2) return false;
  return ZONE_WEIGHTS[t.zone] > 0;
}

/**
 * The brief's evidence for discovery: each term once, at the weight of the strongest zone it
 * appears in; negated words ("no caption") are left out and returned apart; each term brings its
 * synonyms at half its weight (never above a word the brief wrote itself).
 */
export function evidenceOf(reading: BriefReading): { terms: EvidenceTerm[]; negated: string[] } {
  const byTerm = new Map<string, EvidenceTerm>();
  const negated = new Set<string>();
  let phraseEnd = -1;
  for (const [i, t] of reading.tokens.entries()) {
    if (i <= phraseEnd) continue;
    const phrasal = ZONE_WEIGHTS[t.zone] > 0 && !t.negated ? phrasalAt(reading.tokens, i) : undefined;
    if (phrasal) {
      phraseEnd = reading.tokens.indexOf(phrasal.last);
      const term = termOf(phrasal.stands);
      // "How to" in what the content is about ("clients ask how to ...") is no kind of content to make.
      const weight = REQUEST_ZONES.has(t.zone)
        ? ZONE_WEIGHTS[t.zone]
        : Math.min(ZONE_WEIGHTS[t.zone], ZONE_WEIGHTS.topic);
      if ((byTerm.get(term)?.weight ?? 0) < weight)
        byTerm.set(term, { term, word: phrasal.written, weight, boost: weight, synonym: false });
      continue;
    }
    if (!counts(t)) continue;
    // "what I want to say" asks for nothing; "our founder says "..."" brings a quotation.
    const next = reading.tokens[i + 1];
    const bringsQuote = next !== undefined && (next.zone === 'quote' || /^["“'‘:]$/.test(next.text));
    if (t.pos === 'VERB' && t.lemma === 'say' && !bringsQuote) continue;
    // "a bookshop called Dog Ears": the word introduces a name, it asks for nothing.
    if (NAMING_WORDS.has(t.lower)) continue;
    if (t.negated) {
      negated.add(t.term);
      continue;
    }
    // Media the caller already has says what the app starts from, not what it makes, and a look
    // ("photo-realistic") is no deliverable: both count as topic.
    const weight =
      t.input || t.modifier ? Math.min(ZONE_WEIGHTS[t.zone], ZONE_WEIGHTS.topic) : ZONE_WEIGHTS[t.zone];
    for (const term of SHORT_FORMS[t.word]?.map(termOf) ?? [t.term]) {
      const seen = byTerm.get(term);
      if (!seen || seen.synonym || seen.weight < weight)
        byTerm.set(term, {
          term,
          word: t.text,
          weight,
          boost: weight,
          synonym: false,
          unknown: (!t.known || t.lower.length >= RARE_LENGTH) && !t.corrected,
        });
    }
  }
  for (const e of [...byTerm.values()]) {
    if (e.synonym) continue;
    const synonyms = synonymsOf(e.term);
    for (const s of synonyms) {
      const seen = byTerm.get(s);
      const weight = e.weight * (namesSameThing(e.term, s) ? SAME_THING_SHARE : SYNONYM_SHARE);
      // Many synonyms must not outweigh the one word they stand for.
      const boost = weight / Math.sqrt(synonyms.length);
      if (!seen || (seen.synonym && seen.weight < weight))
        byTerm.set(s, { term: s, word: e.word, weight, boost, synonym: true });
    }
  }
  for (const n of negated) if (byTerm.get(n)?.synonym) byTerm.delete(n);
  return { terms: [...byTerm.values()], negated: [...negated] };
}

/** The request's terms in order (ask, label, aside; negated words out), for phrase checks. */
export function requestSequence(reading: BriefReading): string[] {
  return reading.tokens
    .filter((t) => REQUEST_ZONES.has(t.zone) && !t.negated)
    .filter((t) => t.type === 'word' && !isStopword(t.word))
    .map((t) => t.term);
}
