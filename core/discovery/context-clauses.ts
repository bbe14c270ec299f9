import type { ReadToken } from '../language/read-token';
import { lexicon } from '../language/lexicon';
import { POSSESSIVES } from './topic-cues';

const { requestClauses } = lexicon;

/**
 * Words that make a clause a request whatever its subject ("we need", "I'd like", "can you");
 * verbs of making ("make", "write") only do when they open the clause ("Write a ...").
 */
export const DESIRE: ReadonlySet<string> = new Set(requestClauses.desire.words);
export const MAKING: ReadonlySet<string> = new Set(requestClauses.making.words);

/** Parts of speech that open a new clause after a conjunction ("and we ..."), or after a comma. */
const CLAUSE_HEADS: ReadonlySet<string> = new Set(['PRON', 'NOUN', 'ADJ', 'VERB'] as const);
const COMMA_HEADS: ReadonlySet<string> = new Set(['VERB', 'CCONJ', 'PRON'] as const);

/** Clauses of the ask: split at sentence ends, semicolons, and before "and we" / ", need ...". */
function clauses(tokens: ReadToken[]): ReadToken[][] {
  const out: ReadToken[][] = [[]];
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    const prev = tokens[i - 1];
    // ", just make it ...": adverbs before the verb do not keep it in the clause before the comma.
    const head = t.pos === 'ADV' && next?.pos === 'VERB' ? next : t;
    const splitsBefore =
      (t.pos === 'CCONJ' && next !== undefined && CLAUSE_HEADS.has(next.pos)) ||
      (prev?.text === ',' &&
        (COMMA_HEADS.has(head.pos) || DESIRE.has(head.lemma) || MAKING.has(head.lemma))) ||
      (/^[-–—]$/.test(prev?.text ?? '') && prev?.start !== tokens[i - 2]?.end);
    if (splitsBefore && out[out.length - 1].length > 0) out.push([]);
    out[out.length - 1].push(t);
    if (/^[.;!?]$/.test(t.text)) out.push([]);
  });
  return out.filter((c) => c.length > 0);
}

/** Words that open a sentence without being part of it ("So I run a small cafe ..."). */
const DISCOURSE: ReadonlySet<string> = new Set(requestClauses.discourse.words);

/** Parts of speech a subject noun phrase is made of ("Our podcast host", "this week's episode"). */
const SUBJECT_PARTS: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PART', 'NUM'] as const);
const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(requestClauses.subject_pronouns.words);

/**
 * A clause of the ask that states rather than requests becomes context: it opens on a subject (a
 * pronoun, or a noun phrase: "Our bakery", "Winter sale", "Black Friday") followed by its verb
 * ("won", "starts", "is coming"), has no request word and is no question. Imperatives ("Livestream
 * our launch"), labels ("Story-sized 9:16 image") and requests stay the ask.
 */
export function markContext(tokens: ReadToken[]): void {
  for (const clause of clauses(tokens)) {
    // Quoted copy, links and asides ("(boring, I know)") inside a clause are not its words.
    const own = clause.filter((t) => t.zone !== 'quote' && t.zone !== 'url' && t.zone !== 'aside');
    const words = own.filter((t) => t.type === 'word' || t.type === 'number' || t.text === "'s");
    if (words.length < 3 || own.some((t) => t.zone !== 'ask')) continue;
    if (own.some((t) => t.text === '?') || words.some((t) => DESIRE.has(t.lemma))) continue;
    const lead =
      own[0].pos === 'CCONJ' || own[0].pos === 'INTJ' || DISCOURSE.has(own[0].lower) ? own.slice(1) : own;
    if (!opensOnSubject(lead)) continue;
    const aboutSender = opensOnSender(lead);
    for (const t of own) {
      t.zone = 'context';
      if (aboutSender) t.sender = true;
    }
  }
}

const SENDER_PRONOUNS: ReadonlySet<string> = new Set(requestClauses.sender_pronouns.words);
const SENDER_VERBS: ReadonlySet<string> = new Set(requestClauses.sender_verbs.words);
const SENDER_CONTRACTED: ReadonlySet<string> = new Set(requestClauses.sender_verbs.contracted);

/**
 * The clause says who the sender is or how they are: a first-person subject and a verb of being or
 * working ("I'm an HR generalist at ...", "we are a small bakery", "I've been swamped", "I work in HR").
 */
function opensOnSender(clause: ReadToken[]): boolean {
  const [pronoun, contracted] = clause[0].lower.split(/['’]/);
  if (!SENDER_PRONOUNS.has(pronoun)) return false;
  if (contracted === undefined || !SENDER_CONTRACTED.has(contracted)) return beingAfter(clause, 1);
  if (contracted === 've') return beingAfter(clause, 1);
  // "I'm a dentist" says who they are; "we're rolling out the autumn menu" what they do.
  const acting = progressiveAfter(clause, 0);
  return acting === null || SENDER_VERBS.has(acting.lemma);
}

/**
 * The verbs from `from` (adverbs skipped) reach a verb of being or working before any other verb; a
 * "be" that only makes the next verb progressive ("we are launching") leaves it to that verb.
 */
function beingAfter(clause: ReadToken[], from: number): boolean {
  for (let i = from; i < clause.length; i++) {
    const t = clause[i];
    if (t.pos === 'ADV') continue;
    if (t.pos !== 'AUX' && t.pos !== 'VERB') return false;
    if (t.lemma === 'be' && progressiveAfter(clause, i)) continue;
    if (SENDER_VERBS.has(t.lemma)) return true;
    if (t.pos === 'VERB') return false;
  }
  return false;
}

/** The "-ing" verb right after token i (adverbs skipped), as in "we're (now) launching", or null. */
function progressiveAfter(clause: ReadToken[], i: number): ReadToken | null {
  let j = i + 1;
  while (clause[j]?.pos === 'ADV') j++;
  const t = clause[j];
  return t && t.pos === 'VERB' && /ing$/.test(t.lower) ? t : null;
}

/** "Our Reels ads with static images": prepositional phrases that qualify the subject, skipped to its verb. */
function afterQualifiers(clause: ReadToken[], from: number): number {
  let i = from;
  while (clause[i]?.pos === 'ADP') {
    let j = i + 1;
    if (clause[j]?.pos === 'DET' || (clause[j]?.pos === 'PRON' && POSSESSIVES.has(clause[j].lower))) j++;
    const start = j;
    while (j < clause.length && SUBJECT_PARTS.has(clause[j].pos) && clause[j].pos !== 'DET') j++;
    if (!clause.slice(start, j).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) return i;
    i = j;
  }
  return i;
}

/** "I'm", "we're", "it's" read as one token: a subject and its verb. */
const { subject_contractions: contractions } = requestClauses;
const SUBJECT_AUX = new RegExp(
  `^(?:${contractions.pronouns.join('|')})['’](?:${contractions.verbs.join('|')})$`,
  'i',
);

function opensOnSubject(clause: ReadToken[]): boolean {
  const first = clause[0];
  if (!first) return false;
  if (SUBJECT_AUX.test(first.text)) return true;
  let i = 0;
  if (first.pos === 'PRON' && SUBJECT_PRONOUNS.has(first.lower)) i = 1;
  else {
    if ((first.pos === 'PRON' && POSSESSIVES.has(first.lower)) || first.pos === 'DET') i = 1;
    const from = i;
    while (i < clause.length && SUBJECT_PARTS.has(clause[i].pos) && clause[i].pos !== 'DET') i++;
    if (!clause.slice(from, i).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) return false;
    i = afterQualifiers(clause, i);
  }
  while (i < clause.length && clause[i].pos === 'ADV') i++;
  return clause[i] !== undefined && (clause[i].pos === 'VERB' || clause[i].pos === 'AUX');
}
