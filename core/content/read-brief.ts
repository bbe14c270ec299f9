import { URL_PATTERN } from '../language/spans';
import { EXTENSION_KINDS } from '../discovery/input-media';

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

/** A phone held upright, filled edge to edge: its screen's shape, not what a picture shows. */
export const PHONE_SHAPE =
  /\b(?:(?:held )?upright|(?:full[- ]?screen|wallpaper|lock ?screen) on (?:an? |the |their |your |my )?phone|phone (?:wallpaper|screen))\b/i;

const RATIO = /\b(1:1|16:9|9:16|4:5|4:3|3:4|2:3|3:2|21:9)\b/;
const ORIENTATION: [RegExp, string][] = [
  [/\b(vertical|portrait (?:video|story)|stories|story|reels?|shorts|tiktok)\b/i, '9:16'],
  [PHONE_SHAPE, '9:16'],
  [/\b(square)\b/i, '1:1'],
  [/\b(widescreen|landscape|horizontal|youtube video|wide)\b/i, '16:9'],
  [/\b(portrait)\b/i, '4:5'],
];

/** An aspect ratio the brief states, or implies by an orientation word. */
export function aspectRatioIn(brief: string): { ratio: string; stated: boolean } | null {
  const exact = brief.match(RATIO);
  if (exact) return { ratio: exact[1], stated: true };
  for (const [pattern, ratio] of ORIENTATION) if (pattern.test(brief)) return { ratio, stated: false };
  return null;
}
