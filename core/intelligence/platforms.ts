/** Platforms the prediction model knows, and the names callers use for them. */
export const KNOWN_PLATFORMS = [
  'tiktok',
  'instagram',
  'linkedin',
  'facebook',
  'x',
  'youtube',
  'pinterest',
] as const;
export type KnownPlatform = (typeof KNOWN_PLATFORMS)[number];

const ALIASES: Record<string, KnownPlatform> = {
  twitter: 'x',
  ig: 'instagram',
  insta: 'instagram',
  fb: 'facebook',
  yt: 'youtube',
  li: 'linkedin',
};

/** "Instagram Reels" -> instagram, "Twitter" -> x; an unknown name comes back lower-cased. */
export function normalizePlatform(name: string): string {
  const lower = name.trim().toLowerCase();
  for (const word of lower.split(/[^a-z0-9]+/)) {
    if ((KNOWN_PLATFORMS as readonly string[]).includes(word)) return word;
    if (word in ALIASES) return ALIASES[word];
  }
  return lower;
}

export const isKnownPlatform = (p: string): p is KnownPlatform =>
  (KNOWN_PLATFORMS as readonly string[]).includes(p);
