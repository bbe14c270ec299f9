import type { BriefReading, ReadToken } from './brief-reading';
import { lexicon } from '../language/lexicon';
import { REQUEST_ZONES } from '../language/read-token';
import { OWNED } from '../language/token-marks';

const { requestClauses } = lexicon;

/**
 * Operations that are not content generation, by the lemmas that ask for them. A lemma counts
 * when it opens a clause of the request ("Translate our captions", "... and cut it down"), or when
 * it is the task of a structured brief ("action": "schedule_post"); the nouns count anywhere in the
 * request ("Instagram analytics").
 */
interface OperationFamily {
  verbs: string[];
  nouns: string[];
  phrasal?: string[];
}
/** Every group of lexicon/operations.json is a family, named by its group. */
const FAMILIES = Object.entries(lexicon.operations as Record<string, OperationFamily | string>).filter(
  (entry): entry is [string, OperationFamily] => typeof entry[1] !== 'string',
);

const VERB_FAMILY = new Map<string, string>();
const NOUN_FAMILY = new Map<string, string>();
/** "set up", "color correct": two words that ask for an operation together. */
const PHRASAL = new Map<string, string>();
for (const [family, { verbs, nouns, phrasal }] of FAMILIES) {
  for (const v of verbs) VERB_FAMILY.set(v, family);
  for (const n of nouns) NOUN_FAMILY.set(n, family);
  for (const p of phrasal ?? []) PHRASAL.set(p, family);
}

/** Words after which the next word opens a clause of the request. */
const OPENERS: ReadonlySet<string> = new Set(requestClauses.openers.words);
const WANTING: ReadonlySet<string> = new Set(requestClauses.wanting_to.words);
/** "can you", "could you": the next word opens a clause of the request. */
const MODALS: ReadonlySet<string> = new Set(requestClauses.asking_modals.words);

/** Words that are nouns as often as verbs: they ask for an operation only when tagged as a verb. */
const AMBIGUOUS: ReadonlySet<string> = new Set(requestClauses.noun_or_verb.words);

/**
 * Request words that open a clause: the operations a brief asks for, however politely. After
 * "and" or "or" only a word tagged as a verb opens one ("problem and fix angle" does not).
 */
function clauseOpeners(reading: BriefReading): ReadToken[] {
  if (reading.structured) return reading.tokens.filter((t) => t.zone === 'ask');
  const out: ReadToken[] = [];
  let open = true;
  reading.tokens.forEach((t, i) => {
    const prev = reading.tokens[i - 1];
    const next = reading.tokens[i + 1];
    const afterConjunction = prev !== undefined && (prev.word === 'and' || prev.word === 'or');
    // wink often tags an imperative that opens a brief as a noun ("Mix the vocals"): an object after it tells.
    const takesObject =
      next !== undefined && (next.pos === 'DET' || next.pos === 'PRON') && !afterConjunction;
    const verbal =
      t.pos === 'VERB' || takesObject || (!AMBIGUOUS.has(t.lemma) && !afterConjunction && t.pos !== 'ADJ');
    if (
      REQUEST_ZONES.has(t.zone) &&
      t.type === 'word' &&
      open &&
      t.pos !== 'PRON' &&
      t.pos !== 'DET' &&
      verbal
    )
      out.push(t);
    // A hyphen inside a compound ("problem-fix") does not open a clause; a spaced dash does.
    const dash = /^[-–—]$/.test(t.text);
    const opensNext =
      (t.type === 'punctuation' && (!dash || reading.brief[t.end] === ' ')) ||
      OPENERS.has(t.word) ||
      (t.word === 'to' && prev !== undefined && WANTING.has(prev.lemma)) ||
      (t.word === 'you' && prev !== undefined && MODALS.has(prev.word)) ||
      (t.word === 'me' && prev !== undefined && prev.lemma === 'help');
    open = opensNext || (open && t.type === 'word' && (t.pos === 'INTJ' || OPENERS.has(t.word)));
  });
  return out;
}

/** Verbs that put content somewhere: with content the caller already has as object ("post this"), they publish it. */
const PLACING_VERBS: ReadonlySet<string> = new Set(requestClauses.placing_verbs.words);
const ALREADY_THERE: ReadonlySet<string> = new Set(requestClauses.already_there.words);

/**
 * "Put it on our Instagram" publishes; "put it on a warm backdrop" composes a picture: "put" publishes
 * only when its clause names a platform or a placement.
 */
function placedOnChannel(reading: BriefReading, verb: ReadToken): boolean {
  const after = reading.tokens.slice(reading.tokens.indexOf(verb) + 1);
  const clauseEnd = after.findIndex((t) => t.type === 'punctuation');
  return after.slice(0, clauseEnd < 0 ? undefined : clauseEnd).some((t) => t.platform || t.placement);
}

/** "Share this on LinkedIn: we hit 10k users": "this" is the content the brief carries, still to be made. */
const carriesContent = (reading: BriefReading) =>
  reading.tokens.some((t) => t.zone === 'content' || t.zone === 'quote');

/** The words of the clause after `verb`, to its first punctuation. */
function clauseAfter(reading: BriefReading, verb: ReadToken): ReadToken[] {
  const after = reading.tokens.slice(reading.tokens.indexOf(verb) + 1);
  const end = after.findIndex((t) => t.type === 'punctuation');
  return after.slice(0, end < 0 ? undefined : end);
}

/** "Resize our existing banner", "Retouch this headshot": the operation's object is the caller's own. */
const onOwn = (reading: BriefReading, verb: ReadToken) =>
  clauseAfter(reading, verb)
    .slice(0, 2)
    .some((t) => OWNED.has(t.lower));

/** "Add subtitles to the video I already shot", "add music to my clip": a change to what the caller has. */
function addsToOwn(reading: BriefReading, verb: ReadToken): boolean {
  if (verb.lemma !== 'add') return false;
  const clause = clauseAfter(reading, verb);
  const to = clause.findIndex((t) => t.word === 'to');
  if (to < 0) return false;
  const object = clause.slice(to + 1);
  const already = object.findIndex((t) => t.lower === 'already');
  return OWNED.has(object[0]?.lower ?? '') || (already > 0 && already <= 4);
}

/**
 * The caller (or their creator) captures, and asks for something else: "I want to film a normal day
 * with it and need the words I'll say". ("I want to record a podcast episode" asks only that.)
 */
function filmsThemselves(reading: BriefReading, verb: ReadToken): boolean {
  const at = reading.tokens.indexOf(verb);
  const before = reading.tokens.slice(Math.max(0, at - 4), at).map((t) => t.lower);
  const asksMore = reading.tokens.slice(at + 1).some((t) => t.pos === 'VERB' && ASKING.has(t.lemma));
  return before.some((w) => DOERS.has(w)) && asksMore;
}
const ASKING: ReadonlySet<string> = new Set(requestClauses.asking_more.words);
const DOERS: ReadonlySet<string> = new Set(requestClauses.doers.words);

export interface RequestedOperation {
  family: string;
  token: ReadToken;
  term: string;
  /** Asked of media the caller already has ("resize our existing banner"), not of what is made. */
  onOwnMedia: boolean;
}

/** The operations the brief asks for, with the word that asked. */
export function requestedOperations(reading: BriefReading): RequestedOperation[] {
  const found: RequestedOperation[] = [];
  for (const t of clauseOpeners(reading)) {
    if (t.negated) continue;
    const next = reading.tokens[reading.tokens.indexOf(t) + 1];
    const phrase = `${t.lemma} ${next?.word}`;
    const family = VERB_FAMILY.get(t.lemma) ?? VERB_FAMILY.get(t.word);
    // "I want to film a normal day with it and need the words": the caller films; the ask is elsewhere.
    if (family === 'capture' && filmsThemselves(reading, t)) continue;
    // A two-word operation ("set up") is looked for whole in an app's words, not as "set".
    if (family) found.push({ family, token: t, term: t.term, onOwnMedia: onOwn(reading, t) });
    else if (addsToOwn(reading, t))
      found.push({ family: 'editing', token: t, term: t.term, onOwnMedia: true });
    else if (
      PLACING_VERBS.has(t.lemma) &&
      ALREADY_THERE.has(next?.word ?? '') &&
      !carriesContent(reading) &&
      (t.lemma !== 'put' || placedOnChannel(reading, t))
    )
      found.push({ family: 'publishing', token: t, term: 'publish', onOwnMedia: false });
    else if (PHRASAL.has(phrase))
      found.push({
        family: PHRASAL.get(phrase) ?? '',
        token: t,
        term: phrase.replace(' ', ''),
        onOwnMedia: false,
      });
  }
  for (const t of reading.tokens)
    if (REQUEST_ZONES.has(t.zone) && !t.negated) {
      const family = NOUN_FAMILY.get(t.lemma) ?? NOUN_FAMILY.get(t.word);
      if (family) found.push({ family, token: t, term: t.term, onOwnMedia: false });
    }
  return found;
}

/** The operation words, for the typo vocabulary. */
export const OPERATION_WORDS = [...VERB_FAMILY.keys(), ...NOUN_FAMILY.keys()];
