import type { BriefReading } from './brief-reading';
import type { DiscoveryCandidate } from './candidate';
import { REQUEST_ZONES } from './read-token';

/**
 * A brief that brings its own script to be read out ("Script below, read it word for word: ...",
 * "I wrote this ... can it just be read out?"): a passage of its own, and a request to voice it.
 * An app that takes a script as input is made for it; one that writes its own script (a creator
 * script, an ad) would throw the caller's words away.
 */
const SCRIPT_FACTOR = 1.25;
/** A passage this long is a script, not a line for a card. */
const MIN_SCRIPT_WORDS = 18;
const READING_ALOUD = new Set(['read', 'voice', 'voiceover', 'narrate', 'narration', 'narrator', 'speak']);

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

export function carriesScript(reading: BriefReading): boolean {
  const long = passages(reading).some((p) => p.split(/\s+/).filter(Boolean).length >= MIN_SCRIPT_WORDS);
  const voiced = reading.tokens.some(
    (t) => READING_ALOUD.has(t.lemma) && (REQUEST_ZONES.has(t.zone) || t.zone === 'key'),
  );
  return long && voiced;
}

/** An app taking a script as input ranks higher when the brief brings one to read out. */
export function scriptFactor(candidate: DiscoveryCandidate, script: boolean): number {
  if (!script) return 1;
  return (candidate.parameterNames ?? []).some((n) => /\bscript\b/i.test(n)) ? SCRIPT_FACTOR : 1;
}
