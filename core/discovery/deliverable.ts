import type { BriefReading, ReadToken } from './brief-reading';
import { isStopword } from './normalize';

const REQUEST_ZONES = new Set(['ask', 'label']);
const SKIPPED = new Set(['VERB', 'AUX', 'PRON', 'DET', 'NUM', 'INTJ', 'PART', 'ADV', 'SYM']);
const PHRASE = new Set(['NOUN', 'PROPN', 'ADJ']);

/**
 * The thing a brief asks to make, as the first noun phrase of its request: "a blog post" in "Write
 * a blog post about our menu", "press release" in "Draft a press release ...". Request verbs,
 * pronouns, determiners and numbers before it are skipped; it ends at a preposition, punctuation
 * or verb; after "into" or "as a" it is what the brief turns something into. Platforms, placements
 * and ratios are not part of it.
 */
export function deliverableOf(reading: BriefReading): ReadToken[] {
  if (reading.structured) return [];
  const all = reading.tokens.filter((t) => REQUEST_ZONES.has(t.zone));
  // "Turn my blog post into a quote card": what it becomes is the deliverable, not what it starts from.
  const into = all.findIndex(
    (t) => t.word === 'into' || (t.word === 'as' && all[all.indexOf(t) + 1]?.pos === 'DET'),
  );
  const request = into >= 0 ? all.slice(into + 1) : all;
  let i = 0;
  while (
    i < request.length &&
    (SKIPPED.has(request[i].pos) || isStopword(request[i].word) || request[i].type !== 'word')
  )
    i++;
  const phrase: ReadToken[] = [];
  for (; i < request.length && request[i].type === 'word' && PHRASE.has(request[i].pos); i++)
    phrase.push(request[i]);
  return phrase.filter((t) => !t.platform && !t.placement && !t.ratio && !t.negated);
}
