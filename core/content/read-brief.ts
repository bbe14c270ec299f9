import { URL_PATTERN } from '../language/spans';
import { EXTENSION_KINDS } from '../discovery/input-media';
import { lexicon } from '../language/lexicon';
import { listsOf } from '../language/groups';
import { phrasePattern, phrases } from '../language/phrases';

/** What a brief links to and the shape it implies: its URLs, their media kinds, an aspect ratio or orientation. */

export function urlsIn(brief: string): string[] {
  return [...brief.matchAll(URL_PATTERN)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

/** The media kind a URL's path names by its extension, if any. */
export function urlMediaKind(url: string): 'image' | 'video' | 'audio' | null {
  try {
    const ext = new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
    return EXTENSION_KINDS[ext] ?? null;
  } catch {
    return null;
  }
}

const { implied_ratios, phone_shape } = lexicon.screenShapes;

/** A phone held upright, filled edge to edge: its screen's shape, not what a picture shows. */
export const PHONE_SHAPE = new RegExp(
  `\\b(?:(?:${phrases(phone_shape.upright)})|(?:${phrases(phone_shape.fills)}) on (?:(?:${phrases(phone_shape.owners)}) )?phone|phone (?:${phrases(phone_shape.phone_parts)}))\\b`,
  'i',
);

const RATIO = /\b(1:1|16:9|9:16|4:5|4:3|3:4|2:3|3:2|21:9)\b/;
/** Words that imply a ratio, in the lexicon's order; a phone's shape is 9:16 like the first. */
const ORIENTATION: [RegExp, string][] = [
  [PHONE_SHAPE, '9:16'],
  ...Object.entries(listsOf(implied_ratios)).map(([ratio, words]): [RegExp, string] => [
    phrasePattern(words, 'i'),
    ratio,
  ]),
];

/** An aspect ratio the brief states, or implies by an orientation word. */
export function aspectRatioIn(brief: string): { ratio: string; stated: boolean } | null {
  const exact = brief.match(RATIO);
  if (exact) return { ratio: exact[1], stated: true };
  for (const [pattern, ratio] of ORIENTATION) if (pattern.test(brief)) return { ratio, stated: false };
  return null;
}
