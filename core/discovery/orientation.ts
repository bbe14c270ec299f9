import type { BriefReading } from './brief-reading';
import type { CatalogIndex } from './catalog-index';
import { ORIENTATION_WORDS, RATIO_PATTERN, type Orientation } from '../language/placement';
import { termOf } from '../language/read-token';

/** An app whose excluded intents rule out the stated orientation ("horizontal video") ranks this much lower. */
const RULED_OUT_FACTOR = 0.55;

/**
 * The one orientation the brief states for what it makes ("vertical", "landscape", "16:9"), or
 * null when it states none or several ("9:16 and 16:9 cuts"). Topic, quotes and URLs are what the
 * content shows or says, not its shape; a negated word ("not vertical") states nothing.
 */
export function statedOrientation(reading: BriefReading): Orientation | null {
  const found = new Set<Orientation>();
  for (const t of reading.tokens) {
    if (!t.ratio || t.negated || t.zone === 'topic' || t.zone === 'quote' || t.zone === 'url') continue;
    const stated = ORIENTATION_WORDS[t.word] ?? ratioOrientation(t.text);
    if (stated) found.add(stated);
  }
  return found.size === 1 ? [...found][0] : null;
}

function ratioOrientation(text: string): Orientation | null {
  const m = new RegExp(RATIO_PATTERN.source, 'i').exec(text);
  if (!m) return null;
  const [w, h] = [Number(m[1]), Number(m[2])];
  if (w === 0 || h === 0) return null;
  return w === h ? 'square' : w > h ? 'horizontal' : 'vertical';
}

/**
 * A stated orientation is a constraint: an app whose excluded intents name it ("horizontal video"
 * for a vertical-only ad maker) cannot deliver that shape and ranks lower.
 */
export function orientationFactor(
  appId: string,
  index: CatalogIndex,
  orientation: Orientation | null,
): number {
  if (!orientation) return 1;
  const ruledOut = (index.excluded.get(appId) ?? []).some(({ terms }) => terms[0] === termOf(orientation));
  return ruledOut ? RULED_OUT_FACTOR : 1;
}
