/**
 * What a content brief says beyond its topic: quoted text, URLs, an attribution, list items, an
 * aspect ratio or orientation, and its subject as a short phrase. Rules only, no model.
 */

const QUOTED = /["“]([^"“”]{2,}?)["”]|(?:^|\s)['‘]([^'‘’]{3,}?)['’](?=[\s.,;:!?]|$)/g;
const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>)\]]+/gi;

export function quotedTexts(brief: string): string[] {
  return [...brief.matchAll(QUOTED)].map((m) => (m[1] ?? m[2]).trim()).filter(Boolean);
}

/** The brief with quoted passages removed: what is asked, without the copy it carries. */
export function withoutQuotes(brief: string): string {
  return brief.replace(QUOTED, ' ').replace(/\s+/g, ' ').trim();
}

export function urlsIn(brief: string): string[] {
  return [...brief.matchAll(URL_PATTERN)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

const MEDIA_EXTENSIONS: Record<string, 'image' | 'video' | 'audio'> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  gif: 'image',
  avif: 'image',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  m4v: 'video',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  ogg: 'audio',
};

/** The media kind a URL's path names by its extension, if any. */
export function urlMediaKind(url: string): 'image' | 'video' | 'audio' | null {
  try {
    const ext = new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
    return MEDIA_EXTENSIONS[ext] ?? null;
  } catch {
    return null;
  }
}

/** "by Maya Angelou", "— Seneca", "said Ada Lovelace": the name after an attribution cue. */
export function attribution(brief: string): string | undefined {
  const m =
    brief.match(/["”']\s*(?:[-–—]|by)\s*([A-Z][\p{L}.'-]*(?:\s+[A-Z][\p{L}.'-]*){0,3})/u) ??
    brief.match(/\b(?:quote|words|saying) (?:by|from) ([A-Z][\p{L}.'-]*(?:\s+[A-Z][\p{L}.'-]*){0,3})/u) ??
    brief.match(/\b(?:said|says|author:?) ([A-Z][\p{L}.'-]*(?:\s+[A-Z][\p{L}.'-]*){0,3})/u);
  return m?.[1].trim();
}

/** Items the brief lists after a colon or as lines: "points: fast setup; no code; free tier". */
export function listItems(brief: string): string[] {
  const lines = brief.split('\n').map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim());
  if (lines.filter(Boolean).length >= 3) return lines.slice(1).filter(Boolean);
  const colon =
    brief.match(/(?:points?|covering|cover|tips?|steps?|reasons?|features?|items?)\s*:\s*(.+)$/i) ??
    brief.match(/:\s*(.+)$/);
  if (!colon) return [];
  const items = colon[1]
    .split(/\s*(?:;|,|\band\b)\s*/)
    .map((s) => s.replace(/[.!]+$/, '').trim())
    .filter((s) => s.length > 1);
  return items.length >= 2 ? items : [];
}

const RATIO = /\b(1:1|16:9|9:16|4:5|4:3|3:4|2:3|3:2|21:9)\b/;
const ORIENTATION: [RegExp, string][] = [
  [/\b(vertical|portrait (?:video|story)|stories|story|reels?|shorts|tiktok)\b/i, '9:16'],
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

/** The usual shape of a platform's main placement. */
export const PLATFORM_RATIOS: Record<string, string[]> = {
  tiktok: ['9:16'],
  snapchat: ['9:16'],
  youtube: ['16:9'],
  instagram: ['4:5', '1:1'],
  facebook: ['1:1', '4:5'],
  linkedin: ['1:1', '4:5', '16:9'],
  x: ['16:9', '1:1'],
  twitter: ['16:9', '1:1'],
  pinterest: ['3:4', '4:5'],
  blog: ['16:9'],
  website: ['16:9'],
  newsletter: ['16:9'],
};

const STRONG_CUE =
  /\b(?:about|announcing|promoting|featuring|called|titled|named|introducing|celebrating|launching|showcasing)\s+(.+)/gi;
// "a set of", "one of": quantities, not subjects.
const WEAK_CUE =
  /(?<!\b(?:set|lot|lots|couple|kind|sort|series|pair|bunch|number|range|one|some|each|all|any|most|full)\s)\b(?:for|of|on)\s+(.+)/gi;
const SUBJECT_END =
  /\s*(?:[,.;:!?(]|\s[-–—]\s|\b(?:for|on|in|with|using|to be|that|which|targeting)\s+(?:instagram|tiktok|youtube|facebook|linkedin|x|twitter|pinterest|our|my|a|an|social|stories|reels|feed|\d)|\bin (?:a|an)\b|\bstyle\b)/i;
const LEADING = /^(?:a|an|our|my|your|their|this|new)\s+/i;

/**
 * The brief's subject as a short phrase, for parameters that want a name or a title.
 * 1. Quoted text wins. 2. Else the words after the first strong subject cue ("about",
 *    "announcing" ...), else after a weak one ("for", "of", "on"), up to a clause end or a placement phrase ("for instagram", "in a bold style").
 * 3. Else the first clause. At most `maxWords` words, leading articles dropped.
 */
export function subjectOf(brief: string, maxWords = 8, options: { useQuotes?: boolean } = {}): string {
  const quoted = quotedTexts(brief)[0];
  if (quoted && options.useQuotes !== false) return quoted;
  const text = withoutQuotes(brief).replace(URL_PATTERN, ' ').replace(/\s+/g, ' ').trim();
  const after = (cue: RegExp) =>
    [...text.matchAll(cue)]
      .map((m) => cut(m[1]))
      .find(
        (s) =>
          s.length > 0 &&
          !/^(instagram|tiktok|youtube|facebook|linkedin|x|twitter|pinterest|social media|stories|reels)\b/i.test(
            s,
          ),
      );
  const cued = after(STRONG_CUE) ?? after(WEAK_CUE);
  const phrase = cued ?? cut(text);
  return phrase.split(' ').slice(0, maxWords).join(' ');
}

function cut(text: string): string {
  let s = text;
  const end = s.search(SUBJECT_END);
  if (end > 0) s = s.slice(0, end);
  for (let i = 0; i < 2; i++) s = s.replace(LEADING, '');
  return s.trim();
}
