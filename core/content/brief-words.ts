import type { ReadToken } from '../discovery/brief-reading';
import { DESIRE, MAKING } from '../discovery/context-clauses';
import { platformOf } from '../language/placement';
import { synonymsOf } from '../discovery/synonyms';
import { SURFACES } from '../language/token-marks';
import { lexicon } from '../language/lexicon';

/**
 * What a word of a brief does when slots are filled: it asks (a request verb, politeness), names
 * the thing to make (a deliverable of the chosen app, or any common one), places it (platform,
 * ratio, placement), styles it (an option of the app and its cue word), or carries content. Only
 * content goes into a text field; labels, requests and constraints never do.
 */
export type WordUse = 'request' | 'deliverable' | 'placement' | 'style' | 'content' | 'boundary';

const { requests, deliverables, style_cues, orientations } = lexicon.wordUses;

const REQUEST_LEMMAS = new Set([...DESIRE, ...MAKING, ...requests.lemmas]);

/** Things people ask for by name, whatever the app: they are the request, not the subject. */
const DELIVERABLES = new Set(deliverables.words);

/** Words that name a style parameter's kind ("bold style", "neon look", "earthy colours"). */
export const STYLE_CUES = new Set(style_cues.words);

/** Words that say which way the content is shaped ("vertical", "square"). */
const ORIENTATION = new Set(orientations.words);

/**
 * A word that only says how content looks or where it goes ("palette", "square", "Instagram",
 * "stories", "9:16", "post", "warm-toned"), read on its own (a list item's last word).
 */
export function isFormWord(word: string): boolean {
  const w = word.toLowerCase();
  const one = w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w;
  return (
    STYLE_CUES.has(w) ||
    ORIENTATION.has(w) ||
    SURFACES.has(w) ||
    platformOf(w) !== null ||
    /^\d+:\d+$/.test(w) ||
    /-?toned?$/.test(w) ||
    DELIVERABLES.has(one)
  );
}

/** "-" or "'" written between two words with no space, or "," inside a number ("10,000th"): part of one word. */
function isJoiner(t: ReadToken, prev: ReadToken | undefined, next: ReadToken | undefined): boolean {
  const tight = prev?.end === t.start && next?.start === t.end;
  if (t.text === ',') return tight && /\d$/.test(prev!.text) && /^\d{3}/.test(next!.text);
  return /^[-'’]$/.test(t.text) && tight;
}

/** A word that names a thing people ask for ("post", "image", "video"), whatever the app. */
export const isDeliverable = (t: ReadToken) => DELIVERABLES.has(t.lemma) || DELIVERABLES.has(t.word);

export interface WordContext {
  /** Terms of the chosen app's name, aliases, keywords, use cases and formats. */
  appTerms: Set<string>;
  /** Lower-case words of the app's option labels ("bold", "problem", "fix"). */
  optionWords: Set<string>;
}

/**
 * A noun of the request that means what the app makes ("a drawing", "an illustration" for an image
 * app) names the deliverable as the app's own words do; in the content it is subject matter.
 */
function asksForApp(t: ReadToken, appTerms: Set<string>): boolean {
  if (t.pos !== 'NOUN' || (t.zone !== 'ask' && t.zone !== 'label')) return false;
  return synonymsOf(t.term).some((s) => appTerms.has(s));
}

/** The use of every token of the brief, for the chosen app. */
export function wordUses(tokens: ReadToken[], context: WordContext): WordUse[] {
  const uses = tokens.map((t, i): WordUse => {
    if (t.zone === 'quote' || t.zone === 'url') return 'boundary';
    // A hyphen inside a word ("oat-milk", "Stay-Cold") joins it; any other punctuation ends a clause.
    if (t.type === 'punctuation') return isJoiner(t, tokens[i - 1], tokens[i + 1]) ? 'content' : 'boundary';
    if (t.platform || t.ratio || t.placement || ORIENTATION.has(t.word)) return 'placement';
    if (REQUEST_LEMMAS.has(t.lemma) || REQUEST_LEMMAS.has(t.word) || t.pos === 'INTJ') return 'request';
    if (DELIVERABLES.has(t.lemma) || DELIVERABLES.has(t.word) || context.appTerms.has(t.term))
      return 'deliverable';
    if (asksForApp(t, context.appTerms)) return 'deliverable';
    return 'content';
  });
  // "Head of Design", "Bank of America": a capitalised name's words are its own, not deliverables.
  tokens.forEach((t, i) => {
    const of = tokens[i - 1];
    const head = tokens[i - 2];
    if (/^[A-Z][a-z]/.test(t.text) && of?.word === 'of' && head && /^[A-Z][a-z]/.test(head.text))
      uses[i] = uses[i - 2] = 'content';
  });
  // An option word next to its cue ("bold style", "palette: neon") is style, and so is the cue.
  tokens.forEach((t, i) => {
    if (!STYLE_CUES.has(t.word) && !STYLE_CUES.has(t.lemma)) return;
    const near = [i - 1, i + 1, i + 2].filter((j) => tokens[j] && context.optionWords.has(tokens[j].word));
    if (near.length > 0) {
      uses[i] = 'style';
      for (const j of near) uses[j] = 'style';
    }
  });
  return uses;
}
