import { briefSpans, type BriefSpans, type Span } from '../language/spans';
import { markContext } from './context-clauses';
import { lexicon } from '../language/lexicon';
import { analyze } from '../language/nlp';
import { platformsIn, ratiosIn } from '../language/placement';
import { readTokens, termOf, type BriefReading, type ReadToken, type Zone } from '../language/read-token';
import { readStructured, type StructuredBrief } from '../language/structured-brief';
import { markPlacementsAndInputs, markSuffixNegation } from '../language/token-marks';
import { markTopics } from './topic-cues';

export { termOf, type BriefReading, type ReadToken, type Zone };

/** Keys of an agent's structured brief whose values say what to make ("task": "image_to_video"). */
export const ASK_KEYS = new RegExp(`^(?:${lexicon.structuredBriefs.ask_keys.keys.join('|')})$`);

/**
 * Reads a brief: structure, spans, tokens with zones, typo corrections, platforms and ratios.
 * 1. A structured brief (JSON, a function call, key=value pairs) is read field by field: the call's
 *    name and the values of task-like keys are the ask, other keys are keys, their values content.
 * 2. Prose: quotes, URLs, parentheses, a leading label and the text after a content colon or a
 *    "Key:" cue are found as spans; each wink token takes the zone of the span it falls in.
 * 3. In the ask, the words after a topic cue ("about", "announcing") up to the clause end are topic.
 * 4. Unknown words are corrected against `vocabulary` (the catalog's words and the cue words).
 */
export function readBrief(brief: string, vocabulary: ReadonlySet<string>): BriefReading {
  const structured = readStructured(brief);
  const spans = briefSpans(structured ? '' : brief);
  const tokens = structured
    ? structuredTokens(structured, vocabulary)
    : proseTokens(brief, spans, vocabulary);
  return {
    brief,
    structured,
    spans,
    tokens,
    ratios: ratiosIn(brief),
    platforms: platformsIn(structured ? structured.fields.map((f) => f.value).join(' ') : brief),
  };
}

function structuredTokens(s: StructuredBrief, vocabulary: ReadonlySet<string>): ReadToken[] {
  const out: ReadToken[] = [];
  const add = (text: string, zone: Zone) => out.push(...readTokens(analyze(text), () => zone, vocabulary));
  if (s.name) add(s.name.replace(/[_.]+/g, ' '), 'ask');
  for (const f of s.fields) {
    const key = f.words.join(' ');
    if (ASK_KEYS.test(key)) add(f.value.replace(/_+/g, ' '), 'ask');
    else {
      add(key, 'key');
      add(f.value, /^https?:\/\//i.test(f.value) ? 'url' : 'content');
    }
  }
  return out;
}

function proseTokens(brief: string, spans: BriefSpans, vocabulary: ReadonlySet<string>): ReadToken[] {
  const within = (list: Span[], at: number) => list.some((s) => at >= s.start && at < s.end);
  const keyCueColon = spans.keyCues.find((k) => brief.indexOf(':', k.end) + 1 === spans.afterColon);
  const contentFrom =
    spans.afterColon !== null && (spans.label !== null || !keyCueColon) ? spans.afterColon : Infinity;
  const offered = spans.parens.filter((p) => spans.urls.some((u) => u.start >= p.start && u.start < p.end));
  const zoneAt = (at: number): Zone => {
    if (within(spans.urls, at)) return 'url';
    if (within(spans.quotes, at)) return 'quote';
    if (spans.label && at < spans.label.end) return 'label';
    if (spans.keyCues.some((k) => at >= k.start && at < k.end)) return 'key';
    if (spans.keyCues.some((k) => at >= k.valueStart && at < k.valueEnd)) return 'content';
    if ((at >= contentFrom && at < spans.afterColonEnd) || within(spans.lists, at)) return 'content';
    // "(a photo of the vase is at https://... if that helps)": material offered, not a request.
    if (within(offered, at)) return 'content';
    if (within(spans.parens, at)) return 'aside';
    return 'ask';
  };
  const tokens = readTokens(analyze(brief), (t) => zoneAt(t.start), vocabulary);
  markSuffixNegation(tokens);
  markContext(tokens);
  markTopics(tokens);
  markPlacementsAndInputs(tokens);
  return tokens;
}
