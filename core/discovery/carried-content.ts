import { wordCount } from '../language/tokens';
import type { BriefReading } from './brief-reading';
import type { DiscoveryCandidate } from './candidate';
import { platformsIn, ratiosIn } from '../language/placement';
import { REQUEST_ZONES } from '../language/read-token';
import { lexicon } from '../language/lexicon';

const carried = lexicon.carriedContent;

/**
 * What the brief brings to be shown or said, and the apps made to take it.
 *
 * A brief that brings its own script to be read out ("Script below, read it word for word: ...",
 * "I wrote this ... can it just be read out?"): a passage of its own, and a request to voice it.
 * An app that takes a script as input is made for it; one that writes its own script (a creator
 * script, an ad) would throw the caller's words away.
 */
const SCRIPT_FACTOR = 1.4;
/**
 * A brief that lists points to cover ("Cover: they move heat, they work below freezing, ...") is
 * made for an app that writes from points; one that reads a script out would read the bare list.
 */
const POINTS_FACTOR = 1.15;
/** A passage this long is a script, not a line for a card. */
const MIN_SCRIPT_WORDS = 18;
const READING_ALOUD: ReadonlySet<string> = new Set(carried.reading_aloud.lemmas);

/** The passages the brief carries: quotes, "Key:" values, the text after its content colon. */
function passages(reading: BriefReading): string[] {
  const { spans, brief } = reading;
  return [
    ...spans.quotes.map((q) => q.text),
    ...spans.keyCues.map((k) => brief.slice(k.valueStart, k.valueEnd)),
    ...(spans.afterColon === null ? [] : [brief.slice(spans.afterColon, spans.afterColonEnd)]),
    ...(reading.structured?.fields.map((f) => f.value) ?? []),
  ];
}

/** A shorter passage is a script when the brief says its words are to be kept as they are. */
const MIN_KEPT_WORDS = 8;
const { kept_as_written: kept } = carried;
const anyOf = (words: string[]) => words.join('|');
const KEPT_AS_WRITTEN = new RegExp(
  `\\b(?:${anyOf(kept.verbatim)}|word[- ]for[- ]word|my (?:own )?(?:${anyOf(kept.own_words)})|(?:${anyOf(kept.writers)})(?:'ve| have)? (?:already )?(?:${anyOf(kept.written)})|(?:${anyOf(kept.writers)}) have the (?:${anyOf(kept.own_words)}))\\b`,
  'i',
);

export function carriesScript(reading: BriefReading): boolean {
  const minWords = KEPT_AS_WRITTEN.test(reading.brief) ? MIN_KEPT_WORDS : MIN_SCRIPT_WORDS;
  const long = passages(reading).some((p) => wordCount(p) >= minWords && readsAsSentences(p));
  const voiced = reading.tokens.some(
    (t) => READING_ALOUD.has(t.lemma) && (REQUEST_ZONES.has(t.zone) || t.zone === 'key'),
  );
  return long && voiced;
}

/** Words to be said are sentences: one ends the passage or another follows one ("Rest. Then work"). */
const readsAsSentences = (passage: string) => /[.!?…]["'”’)]?\s*$|[.!?…]\s+\S/.test(passage.trim());

/** Whether the app takes an input of this name ("script", "points"). */
const takes = (candidate: DiscoveryCandidate, input: RegExp) =>
  (candidate.parameterNames ?? []).some((n) => input.test(n));

/** An app taking a script as input ranks higher when the brief brings one to read out. */
export const scriptFactor = (candidate: DiscoveryCandidate, script: boolean): number =>
  script && takes(candidate, /\bscript\b/i) ? SCRIPT_FACTOR : 1;

/** An app taking points as input ranks higher when the brief lists points to cover. */
export const pointsFactor = (candidate: DiscoveryCandidate, points: boolean): number =>
  points && takes(candidate, /\bpoints\b/i) ? POINTS_FACTOR : 1;

/** A list this long is points to cover, not a few looks or placements. */
const MIN_POINTS = 3;
const MAX_POINT_WORDS = 10;

/**
 * A brief that lists what to cover after its colon ("... explaining it: add the bill, split it by
 * usage, pay with one tap"): three or more short items. (A list after a dash names a product's
 * details, "- chocolate peanut, 20g protein", not points to cover.)
 */
export function carriesPoints(reading: BriefReading): boolean {
  const { spans, brief } = reading;
  if (spans.afterColon === null) return false;
  // The list ends with its sentence ("... precipitation, in that order. Landscape, with subtitles").
  const list = brief.slice(spans.afterColon, spans.afterColonEnd).split(/[.!?](?:\s+|$)(?=\p{Lu}|$)/u)[0];
  const items = list
    .split(/[,;\n]|\s(?:and|then)\s/)
    .map((i) => i.trim())
    .filter((i) => i && !isFormNote(i) && !isPartToMake(i));
  return items.length >= MIN_POINTS && items.every((i) => wordCount(i) <= MAX_POINT_WORDS);
}

const LOOK_WORDS = new RegExp(`\\b(?:${anyOf(lexicon.lookWords.form_notes.words)})\\W*$`, 'i');

/** "a line for the screen", "a caption": a part of the piece to make, not a point it covers. */
const isPartToMake = (item: string) => /^(?:a|an)\s/i.test(item);

/** "flat vector look", "16:9", "for Instagram": how the piece looks or where it goes, not a point. */
const isFormNote = (item: string) =>
  LOOK_WORDS.test(item) || ratiosIn(item).length > 0 || platformsIn(item).length > 0;
