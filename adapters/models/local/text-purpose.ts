/**
 * What a text node writes: the local text generator's forms, which text direction reads against. Its own
 * file, below text-generator.ts and text-direction.ts, so they share it without importing one another.
 */
export type TextPurpose = 'caption' | 'script' | 'headline' | 'alt_text' | 'talking_points' | 'generic';
