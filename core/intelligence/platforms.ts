import { asciiWords } from '../language/tokens';
import { lexicon } from '../language/lexicon';

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

/** Other names of the known platforms ("twitter" is x). */
const ALIASES: Record<string, string> = lexicon.platformNames.prediction_aliases.to_platform;

/** "Instagram Reels" -> instagram, "Twitter" -> x; an unknown name comes back lower-cased. */
export function normalizePlatform(name: string): string {
  const lower = name.trim().toLowerCase();
  for (const word of asciiWords(lower)) {
    if ((KNOWN_PLATFORMS as readonly string[]).includes(word)) return word;
    if (word in ALIASES) return ALIASES[word];
  }
  return lower;
}

export const isKnownPlatform = (p: string): p is KnownPlatform =>
  (KNOWN_PLATFORMS as readonly string[]).includes(p);
