import type { BriefReading, ReadToken } from './brief-reading';
import { lexicon } from '../language/lexicon';
import { isStopword } from '../language/normalize';
import { NEEDING } from './topic-cues';

const ASK_ZONES: ReadonlySet<string> = new Set(['ask', 'label'] as const);
const SKIPPED: ReadonlySet<string> = new Set([
  'VERB',
  'AUX',
  'PRON',
  'DET',
  'NUM',
  'INTJ',
  'PART',
  'ADV',
  'SYM',
] as const);
const PHRASE: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ'] as const);

/**
 * The thing a brief asks to make, as the first noun phrase of its request: "a blog post" in "Write
 * a blog post about our menu", "press release" in "Draft a press release ...". Request verbs,
 * pronouns, determiners and numbers before it are skipped; it ends at a preposition, punctuation
 * or verb; after "into" or "as a" it is what the brief turns something into, and after a phrase
 * of the caller's own that opens the brief ("My article needs ...", "Writing up our report ...")
 * it is what that needs.
 * Platforms, placements and ratios are not part of it.
 */
export function deliverableOf(reading: BriefReading): ReadToken[] {
  if (reading.structured) return [];
  const all = withoutGreeting(reading.tokens.filter((t) => ASK_ZONES.has(t.zone)));
  // "Turn my blog post into a quote card": what it becomes is the deliverable, not what it starts from.
  const into = all.findIndex(
    (t) => t.word === 'into' || (t.word === 'as' && all[all.indexOf(t) + 1]?.pos === 'DET'),
  );
  const request = into >= 0 ? all.slice(into + 1) : all;
  let { phrase, end } = phraseFrom(request, 0);
  // "My article needs a hero image": a phrase of the caller's own before any verb is the subject;
  // what it needs comes after the verb.
  const start = request.indexOf(phrase[0]);
  const own = start > 0 && OWNERS.has(request[start - 1].lower);
  // "Writing up our trip report ...": what the caller is busy with is theirs too.
  // A verb that modifies the noun after it ("the onboarding screen") is part of the phrase, not a verb.
  const verbsBefore = request
    .slice(0, start)
    .filter((t) => t.pos === 'VERB' && request[request.indexOf(t) + 1]?.pos !== 'NOUN');
  const busy = verbsBefore.length > 0 && verbsBefore.every((t) => t.lower.endsWith('ing'));
  const verb = request.findIndex((t, i) => i >= end && t.pos === 'VERB');
  // "The onboarding screen of our app needs a background picture": the subject needs the deliverable.
  const needs = verb >= 0 && NEEDING.has(request[verb].lemma) && verbsBefore.length === 0;
  if ((own && (verbsBefore.length === 0 || busy)) || needs) {
    if (verb >= 0) ({ phrase, end } = phraseFrom(request, verb + 1));
    else if (busy) phrase = [];
  }
  return phrase.filter((t) => !t.platform && !t.placement && !t.ratio && !t.negated);
}

/** "Good morning,", "Hi there!", "Hello team -": a greeting before the first punctuation. */
const { greetings } = lexicon.deliverable;
const GREETING = new RegExp(
  `^(?:${greetings.words.join('|')}|(?:${greetings.before_a_name.join('|')}) \\w+)(?: (?:${greetings.addressees.join('|')}))?$`,
);

/** The request without the greeting that opens it ("Good morning" is not the thing to make). */
function withoutGreeting(tokens: ReadToken[]): ReadToken[] {
  const stop = tokens.findIndex((t) => t.type === 'punctuation');
  if (stop <= 0) return tokens;
  const opening = tokens
    .slice(0, stop)
    .map((t) => t.lower)
    .join(' ');
  return GREETING.test(opening) ? tokens.slice(stop + 1) : tokens;
}

/** Words that make a phrase the caller's own: "My article needs ...", "this month's newsletter". */
const OWNERS: ReadonlySet<string> = new Set([
  ...lexicon.ownership.possessives.words,
  ...lexicon.ownership.pointing.words,
]);
const PLACEHOLDERS: ReadonlySet<string> = new Set(lexicon.deliverable.placeholders.words);

/** The first noun phrase from `from` on, and the index after it. */
function phraseFrom(request: ReadToken[], from: number): { phrase: ReadToken[]; end: number } {
  let i = from;
  while (
    i < request.length &&
    (SKIPPED.has(request[i].pos) || isStopword(request[i].word) || request[i].type !== 'word')
  )
    i++;
  // "something for the website", "anything with a voice": the thing is left unnamed; what follows
  // the preposition is where it goes or what it has.
  const skipped = request.slice(from, i);
  const unnamed = skipped.findIndex((t) => PLACEHOLDERS.has(t.lower));
  if (unnamed >= 0 && skipped.slice(unnamed + 1).some((t) => t.pos === 'ADP')) return { phrase: [], end: i };
  let phrase: ReadToken[] = [];
  for (; i < request.length && request[i].type === 'word' && PHRASE.has(request[i].pos); i++)
    phrase.push(request[i]);
  // "this month's newsletter": the phrase before "'s" owns the deliverable; what follows is it.
  if (phrase.length > 0 && /^['’]s?$/.test(request[i]?.text ?? '') && PHRASE.has(request[i + 1]?.pos ?? '')) {
    const owned = phraseFrom(request, i + 1);
    if (owned.phrase.length > 0) ({ phrase, end: i } = owned);
  }
  return { phrase, end: i };
}
