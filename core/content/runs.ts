import type { ReadToken } from '../discovery/brief-reading';
import type { WordUse } from './brief-words';
import type { FieldRole } from './field-roles';
import { lexicon } from '../language/lexicon';
import { phrases } from '../language/phrases';

/** A run of tokens: one clause of the brief, between punctuation, quotes and links. */
export interface Run {
  tokens: ReadToken[];
  uses: WordUse[];
}

const { generic_stand_ins, times, not_opening } = lexicon.subjects;

/** Words that only stand for a product, never name one ("for this product", "the item"). */
const GENERIC = new Set(generic_stand_ins.words);
/** Parts of speech a trimmed run does not start, or end, with. */
const LEADING = new Set<string>([
  'DET',
  'PRON',
  'ADP',
  'CCONJ',
  'SCONJ',
  'AUX',
  'PART',
  'PUNCT',
  'ADV',
] as const);
const TRAILING = new Set<string>(['DET', 'PRON', 'ADP', 'CCONJ', 'SCONJ', 'AUX', 'PART', 'PUNCT'] as const);
/** A time after a product ("next month", "this weekend"): its opener and the time word, singular or plural. */
const TIME_OPENER = new RegExp(`^(?:${phrases(times.openers)})$`);
const TIME_WORDS = new RegExp(`^(?:${phrases(times.words)})s?$`);
const OBJECT_OPENERS = new Set(['DET', 'PRON']);
const NOT_OPENING = new Set(not_opening.words);

/** Splits tokens into clauses at punctuation, quotes, links, and "and we" / "but I". */
export function runsOf(tokens: ReadToken[], uses: WordUse[]): Run[] {
  const runs: Run[] = [];
  let current: Run = { tokens: [], uses: [] };
  const close = () => {
    if (current.tokens.length > 0) runs.push(current);
    current = { tokens: [], uses: [] };
  };
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    const newClause = t.pos === 'CCONJ' && next !== undefined && next.pos === 'PRON';
    if (uses[i] === 'boundary' || newClause) return close();
    current.tokens.push(t);
    current.uses.push(uses[i]);
  });
  close();
  return runs;
}

/**
 * Trims a run to its content: request, deliverable, placement and style words and function words
 * come off both ends; "with <deliverable>" and "for/on <placement>" tails are cut; for a product, a
 * time after it ("next month") is cut too.
 */
export function trim(run: Run, role: FieldRole): Run | null {
  let tokens = run.tokens;
  let uses = run.uses;
  const cutAt = (i: number) => {
    tokens = tokens.slice(0, i);
    uses = uses.slice(0, i);
  };
  for (let i = 1; i < tokens.length; i++) {
    const ahead = uses.slice(i + 1, i + 4);
    const w = tokens[i].word;
    if (w === 'with' && ahead.some((u) => u === 'deliverable' || u === 'style')) cutAt(i);
    // "... in a short video", "... as a reel": what to make, not what it is about.
    else if ((w === 'in' || w === 'as' || w === 'into') && ahead.includes('deliverable')) cutAt(i);
    else if (
      tokens[i].pos === 'ADP' &&
      (ahead[0] === 'placement' || (ahead[1] === 'placement' && tokens[i + 1]?.pos === 'DET'))
    )
      cutAt(i);
    else if (role === 'product' && TIME_OPENER.test(w) && TIME_WORDS.test(tokens[i + 1]?.word ?? ''))
      cutAt(i);
  }
  const keep = (t: ReadToken, u: WordUse, edge: Set<string>) =>
    u === 'content' && !edge.has(t.pos) && !(t.negated && t.pos === 'DET');
  // A verb that opens the run with its object after it ("Launching the Breeze desk fan") is what
  // happens to a product, not part of its name (a topic may be one: "hiring your first engineer").
  const leadingVerb = (i: number) =>
    role === 'product' && tokens[i].pos === 'VERB' && OBJECT_OPENERS.has(tokens[i + 1]?.pos ?? '');
  let start = 0;
  while (
    start < tokens.length &&
    (!keep(tokens[start], uses[start], LEADING) || leadingVerb(start)) &&
    !NOT_OPENING.has(tokens[start].word)
  )
    start++;
  // The end of a hyphenated word ("pop-up", "sign-in") is part of it, whatever its tag: a hyphen is
  // content only when it joins two words (wordUses).
  const hyphenated = (i: number) => tokens[i - 1]?.text === '-' && uses[i - 1] === 'content';
  let end = tokens.length;
  while (end > start && !keep(tokens[end - 1], uses[end - 1], TRAILING) && !hyphenated(end - 1)) end--;
  if (end <= start) return null;
  const out = { tokens: tokens.slice(start, end), uses: uses.slice(start, end) };
  const content = out.tokens.filter((t, i) => out.uses[i] === 'content' && !GENERIC.has(t.word));
  return content.length > 0 ? out : null;
}

export const textOf = (brief: string, run: Run) =>
  brief
    .slice(run.tokens[0].start, run.tokens[run.tokens.length - 1].end)
    .replace(/\s+/g, ' ')
    .trim();
