import { lexicon } from '../language/lexicon';
import { readIntent } from './intent';
import type { ReadToken } from '../language/read-token';

const { topicCues } = lexicon;

/**
 * Words after which, up to the end of the clause, the brief says what the content is about. Matched
 * on lemmas, so "announcing", "announces" and "announce" all count.
 */
const TOPIC_CUES: ReadonlySet<string> = new Set(topicCues.cues.lemmas);
const CLAUSE_END = /^[,.;:!?()]$|^[-–—]$/;

/** A month, a weekday or a day's number ("1st", "27"). */
export const DATE_WORD = new RegExp(
  `^(?:${[...topicCues.dates.months, ...topicCues.dates.weekdays].join('|')}|\\d{1,2}(?:st|nd|rd|th)?)$`,
);

/** Cue words that are nouns ("theme", "topic") count only when the value follows ("theme is ..."). */
const NOUN_CUES: ReadonlySet<string> = new Set(topicCues.noun_cues.words);

/**
 * Ask words after a topic cue, to the end of the clause, become topic; after "for my/our" only the
 * noun phrase does ("For my slide deck I need one illustration").
 */
export function markTopics(tokens: ReadToken[]): void {
  let inTopic = false;
  let phraseOnly = false;
  tokens.forEach((t, i) => {
    if (t.zone !== 'ask' && t.zone !== 'aside' && t.zone !== 'context' && t.zone !== 'label') {
      inTopic = false;
      return;
    }
    const next = tokens[i + 1];
    // A new clause ("and it needs ...") ends the topic as punctuation does.
    const newClause = t.pos === 'CCONJ' && next !== undefined && CLAUSE_HEADS.has(next.pos);
    // A hyphen inside a word ("oat-milk") does not end the clause.
    const joiner = t.text === '-' && tokens[i - 1]?.end === t.start && next?.start === t.end;
    // "Our newsletter about beekeeping needs an image": the topic's noun phrase ends at the verb of what it needs.
    const needs = t.pos === 'VERB' && NEEDING.has(t.lemma) && NOUNS.has(tokens[i - 1]?.pos ?? '');
    if ((CLAUSE_END.test(t.text) && !joiner) || newClause || needs) inTopic = false;
    else if (
      inTopic &&
      phraseOnly &&
      !joiner &&
      !nounLike(t, tokens[i - 1], next) &&
      (!NOUN_PHRASE.has(t.pos) || (t.pos === 'PRON' && !POSSESSIVES.has(t.lower)))
    )
      inTopic = false;
    if (inTopic) t.zone = 'topic';
    // In a label only "about" and "regarding" mark a topic ("Slides about budgeting: ..."), not
    // purposes or verbs ("text to image" is a name).
    else if (
      (t.zone !== 'label' || t.word === 'about' || t.word === 'regarding') &&
      isTopicCue(t, next, tokens[i - 1], tokens.slice(Math.max(0, i - 3), i))
    ) {
      // The cue word itself ("announcing", "explaining") names the occasion, not the thing to make;
      // one that opens the request ("Explain photosynthesis to ...") is the request, its object the topic.
      inTopic = true;
      phraseOnly = t.word === 'for';
      t.cue = true;
      if (t.zone !== 'context' && !opensRequest(t, tokens[i - 1])) t.zone = 'topic';
      // "to tell", "to let": the verb belongs to the cue.
      if (t.word === 'to' && next) next.cue = true;
    }
  });
}

/** A word wink tags as a verb inside a noun phrase ("pottery class launch", "Grand Reopening"). */
function nounLike(t: ReadToken, prev: ReadToken | undefined, next: ReadToken | undefined): boolean {
  if (t.pos !== 'VERB' || !prev || !NOUN_MODIFIERS.has(prev.pos)) return false;
  return !next || !DETERMINING.has(next.pos);
}

/** Verbs whose subject is what the content is for: "Our Mother's Day promo needs a post". */
export const NEEDING: ReadonlySet<string> = new Set(topicCues.needing.lemmas);

const NOUN_PHRASE: ReadonlySet<string> = new Set([
  'PRON',
  'DET',
  'ADJ',
  'NOUN',
  'PROPN',
  'NUM',
  'PART',
] as const);
/** Parts of speech that open a new clause after a conjunction ("and it needs ..."). */
const CLAUSE_HEADS: ReadonlySet<string> = new Set(['PRON', 'VERB', 'AUX'] as const);
const NOUNS: ReadonlySet<string> = new Set(['NOUN', 'PROPN'] as const);
const NOUN_MODIFIERS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ'] as const);
const DETERMINING: ReadonlySet<string> = new Set(['DET', 'PRON'] as const);

export const POSSESSIVES: ReadonlySet<string> = new Set(lexicon.ownership.possessives.words);

/** Words after which a verb is the request itself ("could you explain", "please announce"). */
const REQUEST_OPENERS: ReadonlySet<string> = new Set(topicCues.request_openers.words);

/** Verbs whose "that" clause is what to say: the topic. */
const SAYING: ReadonlySet<string> = new Set(topicCues.saying.lemmas);

const PERCEIVING: ReadonlySet<string> = new Set(topicCues.perceiving.lemmas);

/** Verbs after which "to" is part of the request ("want to", "need to"), not a purpose. */
const WANTING: ReadonlySet<string> = new Set(topicCues.wanting_to.lemmas);
/** Words after which "to" asks a question ("how to"), not a purpose. */
const QUESTION_WORDS: ReadonlySet<string> = new Set(topicCues.question_words.words);

/** A cue verb at the start of a clause of the request ("Explain ...", "please announce ..."). */
function opensRequest(t: ReadToken, prev: ReadToken | undefined): boolean {
  return (
    t.pos === 'VERB' &&
    (prev === undefined ||
      /^[.;:!?-]$/.test(prev.text) ||
      prev.pos === 'INTJ' ||
      REQUEST_OPENERS.has(prev.lower))
  );
}

function isTopicCue(
  t: ReadToken,
  next: ReadToken | undefined,
  prev?: ReadToken,
  recent: ReadToken[] = prev ? [prev] : [],
): boolean {
  // A purpose after the request ("a post to let customers know", "a caption to tell followers ..."):
  // what it is for is topic, not the thing to make.
  // A purpose of perceiving ("for people to hear that moment") says how it is taken in: the medium, not the topic.
  if (
    t.word === 'to' &&
    t.pos === 'PART' &&
    next?.pos === 'VERB' &&
    !PERCEIVING.has(next.lemma) &&
    prev !== undefined &&
    !WANTING.has(prev.lemma) &&
    !QUESTION_WORDS.has(prev.word)
  )
    return true;
  // "for my slide deck", "for our webinar": what the content is for is context, not the thing to make.
  if (t.word === 'for' && next !== undefined && POSSESSIVES.has(next.word)) return true;
  // "announce that our store moves ...", "tell them that ...": the clause after "that" is the topic.
  if (t.word === 'that' && recent.some((r) => SAYING.has(r.lemma))) return true;
  // "on how a podcast is produced", "on negotiating salary": what a piece explains.
  if (
    t.word === 'on' &&
    next !== undefined &&
    (next.word === 'how' || (next.pos === 'VERB' && next.word.endsWith('ing')))
  )
    return true;
  // "an image of an old library", "a drawing of two otters": what a picture shows is its subject.
  if (t.word === 'of' && prev?.pos === 'NOUN' && readIntent(prev.word).medium === 'image') return true;
  if (!TOPIC_CUES.has(t.lemma) && !TOPIC_CUES.has(t.word)) return false;
  // "reopens on November 1st", "on Friday": a date, not what the content is about.
  if (t.word === 'on' && next !== undefined && DATE_WORD.test(next.lower)) return false;
  // A cue verb that opens the request is the request ("Explain to new customers how ..."), and what
  // it is asked about follows ("Explain photosynthesis to 10-year-olds").
  if (opensRequest(t, prev)) return next !== undefined && next.pos !== 'ADP' && next.pos !== 'PART';
  if (NOUN_CUES.has(t.word)) return next !== undefined && (next.lemma === 'be' || next.text === ':');
  return t.pos === 'ADP' || t.pos === 'VERB' || t.word === 'about';
}
