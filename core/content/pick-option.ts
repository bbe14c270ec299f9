import type { AppParameter } from '../app/app-definition';
import type { BriefReading, ReadToken } from '../discovery/brief-reading';
import { catalogTerms } from '../discovery/catalog-index';
import { lexicon } from '../language/lexicon';
import { isStopword } from '../language/normalize';
import { listsOf } from '../language/groups';
import { aspectRatioIn } from './read-brief';
import { PLATFORM_RATIOS } from '../language/placement';
import { isDeliverable, STYLE_CUES } from './brief-words';
import { matchOption, matchShortenedOption, matchRatio } from './match-option';
import type { Draft, DraftRequest, DraftSource } from './draft';

/**
 * The option label a brief asks for, or null; never a label the parameter does not offer.
 * 1. A value the caller or an agent's field gives: its label (exact, any case, or by its words).
 * 2. Else every place the brief names a label (on its corrected words, so "impresion" finds
 *    "impression"; quotes and links skipped), scored: +2 next to a cue of the kind ("neon look",
 *    "palette: warm", "earthy colours"), -1 inside the topic; best score, then longest label, then first.
 */
export function pickOption(
  p: AppParameter,
  given: string | null,
  reading: BriefReading,
  _words: { optionWords: Set<string> },
): string | null {
  const options = p.options!;
  if (given !== null)
    return (
      options.find((o) => o.toLowerCase() === given.trim().toLowerCase()) ??
      matchOption(options, given) ??
      matchShortenedOption(options, given)
    );
  // A quote that is a label ("three reasons I love it" style) names it outright.
  const quoted = reading.spans.quotes
    .map((q) => options.find((o) => o.toLowerCase() === q.text.toLowerCase().replace(/[.!]+$/, '')))
    .find((o) => o !== undefined);
  if (quoted) return quoted;
  // Compared on content words, as the labels are ("Day in my life" -> day, life).
  const tokens = reading.tokens.filter(
    (t) => t.zone !== 'quote' && t.zone !== 'url' && t.type === 'word' && !isStopword(t.word),
  );
  const cues = new Set([...STYLE_CUES, ...p.name.toLowerCase().split(/\s+/), ...p.key.split('_')]);
  let best: { label: string; score: number; length: number; at: number } | null = null;
  for (const label of options) {
    const words = catalogTerms(label);
    if (words.length === 0) continue;
    for (let i = 0; i + words.length <= tokens.length; i++) {
      if (!words.every((w, j) => tokens[i + j].term === w)) continue;
      const around = [tokens[i - 1], tokens[i + words.length], tokens[i + words.length + 1]];
      const after = tokens[i + words.length];
      // "summer promo", "Summer Solstice": a label that qualifies another noun names that noun, not a style.
      const modifier =
        after !== undefined &&
        after.start - tokens[i + words.length - 1].end <= 1 &&
        isContentNoun(after, cues);
      const score =
        (around.some((t) => t && isCue(t, cues)) ? 2 : 0) -
        (tokens[i].zone === 'topic' ? 1 : 0) -
        (modifier ? 2 : 0);
      const candidate = { label, score, length: words.length, at: i };
      if (
        !best ||
        score > best.score ||
        (score === best.score &&
          (words.length > best.length || (words.length === best.length && i < best.at)))
      )
        best = candidate;
    }
  }
  return best?.label ?? sensedOption(options, reading.tokens, cues);
}

/** Words for an option label that do not name it, by label in lower case ("relaxed" for calm). */
const OPTION_SENSES = listsOf(lexicon.optionSenses.senses);
/** Verbs after which a brief says how the content should come across ("it should feel relaxed"). */
const SENSE_VERBS = new Set(lexicon.optionSenses.sense_verbs.words);

/**
 * The label the brief describes without naming it ("it should feel relaxed" -> Calm, "soft baby
 * colours" -> Pastel): OPTION_SENSES words, not negated ("not corporate"), outside the topic and
 * quotes, within three words of a style cue or after a verb like "feel"; most hits, then first.
 */
function sensedOption(options: string[], tokens: ReadToken[], cues: Set<string>): string | null {
  const hits = new Map<string, { count: number; at: number }>();
  tokens.forEach((t, i) => {
    if (t.negated || t.zone === 'topic' || t.zone === 'quote' || t.zone === 'url') return;
    const label = options.find((o) => OPTION_SENSES[o.toLowerCase()]?.includes(t.lower));
    if (!label) return;
    const near = tokens.slice(Math.max(0, i - 3), i + 4).filter((n) => n.sentence === t.sentence);
    const described = near.some((n) => isCue(n, cues) || SENSE_VERBS.has(n.lemma));
    if (!described) return;
    const seen = hits.get(label);
    hits.set(label, { count: (seen?.count ?? 0) + 1, at: seen?.at ?? i });
  });
  const ranked = [...hits.entries()].sort((a, b) => b[1].count - a[1].count || a[1].at - b[1].at);
  return ranked[0]?.[0] ?? null;
}

const isCue = (t: ReadToken, cues: Set<string>) => cues.has(t.word) || cues.has(t.lemma);

/** A noun that carries content: not a cue of the kind, not a thing people ask for ("post", "image"). */
const isContentNoun = (t: ReadToken, cues: Set<string>) =>
  (t.pos === 'NOUN' || t.pos === 'PROPN') && !isCue(t, cues) && !isDeliverable(t);

/**
 * The aspect ratio label: the caller's `aspectRatio` when offered (else a warning), then a ratio
 * the brief states (or an agent's "ratio" field), then the orientation it implies ("vertical",
 * "square"), then the usual shape of the platform.
 */
export function pickRatio(
  p: AppParameter,
  request: DraftRequest,
  reading: BriefReading,
  draft: Draft,
): { value: string; source: DraftSource } | null {
  const options = p.options!;
  if (request.aspectRatio && request.aspectRatio !== 'auto') {
    const exact = matchRatio(options, request.aspectRatio);
    if (exact) return { value: exact, source: 'aspect_ratio' };
    draft.warnings.push({
      field: 'aspectRatio',
      message: `aspect ratio ${request.aspectRatio} is not offered by "${p.name}" (allowed: ${options.join(', ')})`,
    });
  }
  for (const ratio of reading.ratios) {
    const hit = matchRatio(options, ratio);
    if (hit) return { value: hit, source: 'brief' };
  }
  const implied = aspectRatioIn(reading.brief);
  const fromBrief = implied && matchRatio(options, implied.ratio);
  if (fromBrief) return { value: fromBrief, source: 'brief' };
  const platform = request.platform?.toLowerCase() ?? reading.platforms[0];
  for (const ratio of (platform && PLATFORM_RATIOS[platform]) || []) {
    const hit = matchRatio(options, ratio);
    if (hit) return { value: hit, source: 'platform' };
  }
  return null;
}
