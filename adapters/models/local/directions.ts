import { lexicon } from '../../../core/language/lexicon';
import { directionWords } from '../../../core/language/tokens';
import {
  feedbackClauses,
  markClause,
  namesUnmade,
  scopeOf,
  type ClauseMarks,
  type Span,
} from '../../../core/language/clause-marks';
/** Refinement appends `Revision: <feedback>` to a prompt (core/refinement/prompt.ts). */
const DIRECTION = /[.\s]*\bRevision:\s*([^]*?)(?=[.\s]*\bRevision:|$)/g;

/**
 * Splits a prompt into what to make and how to change it. The local models treat the directions as
 * tone and art direction, never as words to write on the output.
 */
export function splitDirections(prompt: string): { subject: string; directions: string[] } {
  // The subject is read the same with or without directions (a refinement strips a final period): the
  // local models derive their choices from it, so an unchanged subject must give unchanged choices.
  const subjectOf = (text: string) => text.trim().replace(/[.\s]+$/, '');
  const first = prompt.search(/[.\s]*\bRevision:/);
  if (first < 0) return { subject: subjectOf(prompt), directions: [] };
  const directions = [...prompt.slice(first).matchAll(DIRECTION)]
    .map((m) => m[1].trim().replace(/[.\s]+$/, ''))
    .filter(Boolean);
  return { subject: subjectOf(prompt.slice(0, first)), directions };
}

/** A direction a model did not apply, and why. */
export interface DeclinedDirection {
  direction: string;
  reason: string;
}

/** What a model makes of directions: its settings, what it applied (in words) and what it declined. */
export interface DirectionReading<S> {
  settings: S;
  applied: string[];
  declined: DeclinedDirection[];
}

/**
 * What a rule makes of its match: applied (in words), declined (why), ignored (the words name what the
 * feedback replaces, "instead of blue", so there is nothing to do), or null (not this rule's business).
 */
export type RuleOutcome =
  { applied: string; alsoDeclined?: DeclinedDirection } | { declined: string } | { ignored: true } | null;

/** A rule did this (in words). */
export const applied = (text: string, alsoDeclined?: DeclinedDirection): RuleOutcome =>
  alsoDeclined ? { applied: text, alsoDeclined } : { applied: text };
/** A rule knows its model cannot do this, and says why. */
export const declined = (reason: string): RuleOutcome => ({ declined: reason });
/** The match names what the feedback replaces: nothing to do, and nothing to decline. */
export const ignored: RuleOutcome = { ignored: true };

/** Where a rule's match stands in its clause (core/language/clause-marks.ts). */
export interface MatchScope {
  /** In the scope of a negation ("no", "don't", "less", "too"), or replaced. */
  negated: boolean;
  /** Named as what the feedback replaces ("instead of blue"). */
  replaced: boolean;
}

/** One thing a model can do (or knows it cannot): a pattern over a clause and its effect on the settings. */
export interface DirectionRule<S> {
  pattern: RegExp;
  apply: (match: RegExpMatchArray, settings: S, clause: string) => RuleOutcome;
  /**
   * The match is negated or replaced ("no zoom", "not bold", "instead of blue"). Without this, a replaced
   * match is ignored and a negated one declined with the reader's `negated` reason: a rule that cannot
   * do the opposite never does the thing itself.
   */
  negated?: (match: RegExpMatchArray, settings: S, scope: MatchScope) => RuleOutcome;
}

export interface DirectionReader<S> {
  rules: DirectionRule<S>[];
  /** Words that carry no direction of their own ("make", "the", "image", "a bit"). */
  filler: ReadonlySet<string>;
  /** Why a clause no rule understood was not applied. */
  unknown: string;
  /**
   * Words naming what another node makes ("on the image" for the writer, "the caption" for the renderer):
   * a clause about that is not this model's to apply, even if some of its words match a rule.
   */
  foreign?: { pattern: RegExp; reason: (word: string) => string };
  /** Why a negated direction its rule cannot reverse was not applied, and what to ask instead. */
  negated: (direction: string) => string;
  initial: () => S;
  /** What the reader makes of the whole reading, once every clause is read (one camera move is said). */
  finish?: (reading: DirectionReading<S>) => DirectionReading<S>;
}

/** Music and sound: no local model makes them, whatever adjectives they carry. */
export const UNMADE_REASON =
  'no local model makes music or sound effects; the local voice speaks the script, and a video.compose node mixes music only from an audio input it is given';

/** A rule's outcome for one match, its negation and replacement read first. */
function outcomeOf<S>(
  rule: DirectionRule<S>,
  match: RegExpMatchArray,
  settings: S,
  marks: ClauseMarks,
  reader: DirectionReader<S>,
): RuleOutcome {
  const scope = scopeOf(marks, [match.index!, match.index! + match[0].length]);
  if (!scope.negated) return rule.apply(match, settings, marks.text);
  if (rule.negated) return rule.negated(match, settings, scope);
  if (scope.replaced) return ignored;
  // Only a rule that would have matched is answered for: a negated word no rule reads stays unread.
  const probe = structuredClone(settings);
  if (!rule.apply(match, probe, marks.text)) return null;
  return declined(reader.negated(match[0].trim()));
}

/**
 * Reads directions with a model's rules:
 * 1. each direction is put in one form (numbers as digits, replacements as "Y instead of X") and cut into
 *    clauses; each clause is marked (negated, replaced and marker words: core/language/clause-marks.ts);
 * 2. a clause about music or sound is declined: no local model makes them; so is a clause about what another
 *    node makes ("less text on the image", for the writer);
 * 3. every rule whose pattern matches a clause changes the settings and says what it applied (or that
 *    the model cannot do it), consuming the words it matched; a negated match goes to the rule's
 *    `negated` handler, else is declined (or ignored, when it names what is replaced);
 * 4. a clause no rule matched is declined with the reader's reason; words of a matched clause that are
 *    neither consumed, markers, replaced nor filler are declined as not understood.
 * Later directions win over earlier ones, since rules overwrite settings in order.
 */
export function readDirections<S>(directions: string[], reader: DirectionReader<S>): DirectionReading<S> {
  const settings = reader.initial();
  const applied: string[] = [];
  const declined: DeclinedDirection[] = [];
  for (const raw of directions.flatMap(feedbackClauses)) {
    const marks = markClause(raw);
    const clause = marks.text;
    if (namesUnmade(clause)) {
      declined.push({ direction: clause, reason: UNMADE_REASON });
      continue;
    }
    const foreign = reader.foreign && clause.match(reader.foreign.pattern);
    if (foreign && reader.foreign) {
      declined.push({ direction: clause, reason: reader.foreign.reason(foreign[0].toLowerCase()) });
      continue;
    }
    const taken: Span[] = [];
    let matched = false;
    for (const rule of reader.rules) {
      const pattern = new RegExp(rule.pattern.source, rule.pattern.flags.replace('g', '') + 'g');
      for (const match of clause.matchAll(pattern)) {
        const span: Span = [match.index!, match.index! + match[0].length];
        if (taken.some(([s, e]) => span[0] < e && span[1] > s)) continue;
        const outcome = outcomeOf(rule, match, settings, marks, reader);
        if (!outcome) continue;
        matched = true;
        taken.push(span);
        if ('applied' in outcome) {
          applied.push(outcome.applied);
          if (outcome.alsoDeclined) declined.push(outcome.alsoDeclined);
        } else if ('declined' in outcome)
          declined.push({ direction: match[0].trim(), reason: outcome.declined });
      }
    }
    const consumed = [...taken, ...marks.markers, ...marks.replaced];
    const leftover = directionWords(clause)
      .filter((w) => !consumed.some(([s, e]) => w.start >= s && w.start < e))
      .map((w) => w.word)
      .filter((w) => !reader.filler.has(w.toLowerCase().replace(/['’]s$/, '')));
    if (!matched) declined.push({ direction: clause, reason: reader.unknown });
    else if (leftover.length > 0)
      declined.push({ direction: leftover.join(' '), reason: `not understood in "${clause}"` });
  }
  const reading = { settings, applied: [...new Set(applied)], declined };
  return reader.finish ? reader.finish(reading) : reading;
}

/** Words feedback uses around any direction ("make it a bit more ..."). */
export const COMMON_FILLER = lexicon.directions.filler.words;
