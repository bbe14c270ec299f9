import type { BriefReading } from '../discovery/brief-reading';
import { PHONE_SHAPE } from './read-brief';
import { lexicon } from '../language/lexicon';
import { phrases } from '../language/phrases';
import { wordUses, type WordContext } from './brief-words';
import { runsOf, textOf, trim, type Run } from './runs';

/**
 * What an image shows, for a prompt: every clause that describes (not the request, the label, the
 * ratio, the platform, what the brief declines or a statement of the situation), each from after
 * "<image word> of"; only the text after a label or a content colon when there is one.
 */
export function promptOf(reading: BriefReading, context: WordContext): string | null {
  if (reading.structured) return null;
  const uses = wordUses(reading.tokens, context);
  const hasContent = reading.tokens.some((t) => t.zone === 'content');
  // What "<image word> of" names is shown even beside carried content ("a picture of a balloon -
  // just the picture, no text on it").
  const described = runsOf(reading.tokens, uses).filter(
    (r) => !hasContent || r.tokens.every((t) => t.zone === 'content') || showsAfterOf(r),
  );
  // A clause that states the situation ("I'm planning a kids' party") says what the image is for,
  // not what it shows.
  const shown = described.filter((r) => r.tokens.some((t) => t.zone !== 'context'));
  const runs = shown.length > 0 ? shown : described;
  const parts: string[] = [];
  for (const run of runs) {
    if (run.tokens.some((t) => t.negated) && (run.tokens.length <= 3 || hasContent)) continue;
    const of = run.tokens.findIndex((t, i) => t.word === 'of' && i > 0 && run.uses[i - 1] !== 'content');
    const from = of >= 0 ? of + 1 : 0;
    const rest = { tokens: run.tokens.slice(from), uses: run.uses.slice(from) };
    const trimmed = trim(rest, 'prompt');
    const text = trimmed ? withoutPhoneShape(textOf(reading.brief, trimmed)) : '';
    if (text) parts.push(text);
  }
  return parts.length > 0 ? parts.join(', ') : null;
}

/** A run with "<image word> of <what it shows>" in the ask: the topic the reading marked after "of". */
const showsAfterOf = (run: Run) =>
  run.tokens.some((t, i) => t.cue && t.word === 'of' && i > 0 && run.uses[i - 1] === 'deliverable');

/** Small words and punctuation left before a phone's shape once it is cut off ("a sunset, as ..."). */
const PHONE_SHAPE_LEADS = new RegExp(
  `(?:[\\s,;:-]|\\b(?:${phrases(lexicon.screenShapes.phone_shape_leads.words)})\\b)*$`,
  'i',
);

/** "..., wallpaper on the phone": the format the picture fills is its aspect ratio, not its content. */
function withoutPhoneShape(text: string): string {
  const at = text.search(PHONE_SHAPE);
  if (at < 0) return text;
  return text.slice(0, at).replace(PHONE_SHAPE_LEADS, '').trim();
}
