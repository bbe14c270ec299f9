/**
 * Where content goes and in what shape: platforms and aspect ratios. They constrain an app's
 * parameters (its aspect ratio, its shape) but are not evidence for one app over another, so
 * discovery reads them apart from the words that say what to make.
 */

/** Platforms in the contract's lower-case spelling, and the other names people use for them. */
export const PLATFORM_NAMES: Record<string, string> = {
  instagram: 'instagram',
  insta: 'instagram',
  ig: 'instagram',
  tiktok: 'tiktok',
  youtube: 'youtube',
  yt: 'youtube',
  facebook: 'facebook',
  fb: 'facebook',
  linkedin: 'linkedin',
  pinterest: 'pinterest',
  snapchat: 'snapchat',
  twitter: 'x',
  shopify: 'shopify',
  amazon: 'amazon',
  etsy: 'etsy',
  substack: 'substack',
  whatsapp: 'whatsapp',
};

/** The usual shape of a platform's main placement, best first. */
export const PLATFORM_RATIOS: Record<string, string[]> = {
  tiktok: ['9:16'],
  snapchat: ['9:16'],
  youtube: ['16:9'],
  instagram: ['4:5', '1:1'],
  facebook: ['1:1', '4:5'],
  linkedin: ['1:1', '4:5', '16:9'],
  x: ['16:9', '1:1'],
  pinterest: ['3:4', '4:5'],
  blog: ['16:9'],
  website: ['16:9'],
  newsletter: ['16:9'],
};

export type Orientation = 'vertical' | 'horizontal' | 'square';

/** Orientations in words: an aspect ratio said without numbers ("vertical", "landscape"). */
export const ORIENTATION_WORDS: Readonly<Record<string, Orientation>> = {
  vertical: 'vertical',
  portrait: 'vertical',
  horizontal: 'horizontal',
  landscape: 'horizontal',
  widescreen: 'horizontal',
  square: 'square',
};

/** An aspect ratio as written: "9:16", "4 : 5", "16x9" is not one (it reads as a size). */
export const RATIO_PATTERN = /(?<![\d:])(\d{1,2})\s?:\s?(\d{1,2})(?![\d:]|\s?(?:am|pm)\b)/gi;

/** Orientations a text states in words ("vertical", "landscape"), in the order stated. */
export function orientationsIn(text: string): Orientation[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? [])
    .filter((w) => w in ORIENTATION_WORDS)
    .map((w) => ORIENTATION_WORDS[w]);
}

export function ratiosIn(text: string): string[] {
  return [...text.matchAll(RATIO_PATTERN)]
    .map((m) => `${Number(m[1])}:${Number(m[2])}`)
    .filter((r) => r !== '0:0');
}

/** The platform a word names ("insta" -> "instagram"), or null. "x" alone is too ambiguous to count. */
export const platformOf = (word: string): string | null => PLATFORM_NAMES[word.toLowerCase()] ?? null;

/** Platforms a text names, once each, in the order named ("x" only as "twitter" or "on/for X"). */
export function platformsIn(text: string): string[] {
  const found = new Set<string>();
  for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const p = platformOf(w);
    if (p) found.add(p);
  }
  if (/\b(?:on|for) x\b/i.test(text)) found.add('x');
  return [...found];
}
