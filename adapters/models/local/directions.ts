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

export type RuleOutcome = { applied: string } | { declined: string } | null;

/** A rule did this (in words). */
export const applied = (text: string): RuleOutcome => ({ applied: text });
/** A rule knows its model cannot do this, and says why. */
export const declined = (reason: string): RuleOutcome => ({ declined: reason });

/** One thing a model can do (or knows it cannot): a pattern over a clause and its effect on the settings. */
export interface DirectionRule<S> {
  pattern: RegExp;
  apply: (match: RegExpMatchArray, settings: S, clause: string) => RuleOutcome;
}

export interface DirectionReader<S> {
  rules: DirectionRule<S>[];
  /** Words that carry no direction of their own ("make", "the", "image", "a bit"). */
  filler: ReadonlySet<string>;
  /** Why a clause no rule understood was not applied. */
  unknown: string;
  initial: () => S;
}

/** Feedback in clauses: "the background navy and the type bolder" -> two clauses. */
export function directionClauses(direction: string): string[] {
  return direction
    .replace(/\bblack\s*(?:and|&)\s*white\b/gi, 'black-and-white')
    .replace(/["“”«»]([^"“”«»]*)["“”«»]/g, (quoted) => quoted.replace(/[,;.!?]|\band\b/g, ' '))
    .split(/[,;!?\n]+|\.(?:\s|$)|\s+(?:and|but|plus|also|then|while)\s+/i)
    .map((c) => c.trim())
    .filter((c) => /[\p{L}\p{N}#]/u.test(c));
}

const WORD = /[\p{L}\p{N}#][\p{L}\p{N}'’#-]*/gu;

/**
 * Reads directions with a model's rules:
 * 1. each direction is cut into clauses;
 * 2. every rule whose pattern matches a clause changes the settings and says what it applied (or that
 *    the model cannot do it), consuming the words it matched;
 * 3. a clause no rule matched is declined with the reader's reason; words of a matched clause that are
 *    neither consumed nor filler are declined as not understood.
 * Later directions win over earlier ones, since rules overwrite settings in order.
 */
export function readDirections<S>(directions: string[], reader: DirectionReader<S>): DirectionReading<S> {
  const settings = reader.initial();
  const applied: string[] = [];
  const declined: DeclinedDirection[] = [];
  for (const clause of directions.flatMap(directionClauses)) {
    const consumed: [number, number][] = [];
    let matched = false;
    for (const rule of reader.rules) {
      const pattern = new RegExp(rule.pattern.source, rule.pattern.flags.replace('g', '') + 'g');
      for (const match of clause.matchAll(pattern)) {
        if (consumed.some(([s, e]) => match.index! < e && match.index! + match[0].length > s)) continue;
        const outcome = rule.apply(match, settings, clause);
        if (!outcome) continue;
        matched = true;
        consumed.push([match.index!, match.index! + match[0].length]);
        if ('applied' in outcome) applied.push(outcome.applied);
        else declined.push({ direction: match[0].trim(), reason: outcome.declined });
      }
    }
    const leftover = [...clause.matchAll(WORD)]
      .filter((w) => !consumed.some(([s, e]) => w.index! >= s && w.index! < e))
      .map((w) => w[0])
      .filter((w) => !reader.filler.has(w.toLowerCase().replace(/['’]s$/, '')));
    if (!matched) declined.push({ direction: clause, reason: reader.unknown });
    else if (leftover.length > 0)
      declined.push({ direction: leftover.join(' '), reason: `not understood in "${clause}"` });
  }
  return { settings, applied: [...new Set(applied)], declined };
}

/** Words feedback uses around any direction ("make it a bit more ..."). */
export const COMMON_FILLER = [
  ...'a an the it its it’s this that these those some any and or of to in on at for with into onto from by as'.split(
    ' ',
  ),
  ...'make makes made making let lets let’s please can could would should will want need like just really'.split(
    ' ',
  ),
  ...'more less much bit little lot lots slightly somewhat quite very way too so even overall whole entire'.split(
    ' ',
  ),
  ...'use using try change switch set go give get keep turn add put instead rather than now same one'.split(
    ' ',
  ),
  ...'i we you me us our my your look looks looking feel feels feeling seem seems be is are was were'.split(
    ' ',
  ),
  ...'version style styled vibe tone mood there here also all everything something thing things'.split(' '),
];
