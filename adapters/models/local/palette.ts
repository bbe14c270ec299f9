import { lexicon } from '../../../core/language/lexicon';
import { NAMED_COLOURS } from '../../media/colours';
import type { ArtDirection } from './art-direction-shape';
import type { Palette } from './palette-shape';
import { hashString, isLookWord, tokens } from './prompt-words';

interface Hsl {
  h: number;
  s: number;
  l: number;
}

/** Mood words stand for a small palette each (in prompts and in art direction). */
export const MOODS: Record<string, string[]> = {
  sunset: ['#ff6b4a', '#ffb56b', '#7b2d5b'],
  sunrise: ['#ffaf7b', '#ffd6a5', '#d76d77'],
  ocean: ['#0a4d68', '#05bfdb', '#088395'],
  forest: ['#1b4332', '#95d5b2', '#40916c'],
  warm: ['#e76f51', '#e9c46a', '#f4a261'],
  cool: ['#264653', '#8ecae6', '#2a9d8f'],
  neon: ['#0d0221', '#ff2a6d', '#05d9e8'],
  earthy: ['#6b4f3a', '#d8c3a5', '#a47551'],
  autumn: ['#9c3d1c', '#f2c14e', '#d9822b'],
  spring: ['#a8e6a1', '#ff8fab', '#fff3b0'],
  summer: ['#fb5607', '#ffbe0b', '#3a86ff'],
  winter: ['#2c3e66', '#dbe9f4', '#8fb8de'],
  night: ['#0b132b', '#5bc0be', '#1c2541'],
  midnight: ['#0b132b', '#5bc0be', '#1c2541'],
  calm: ['#a8c5c9', '#e8f1ef', '#5f8f96'],
  energetic: ['#ff3d00', '#ffd600', '#2962ff'],
  moody: ['#1d1a2f', '#6b4e71', '#c08497'],
  cheerful: ['#ffd23f', '#ee4266', '#3bceac'],
  romantic: ['#f7cad0', '#c9184a', '#ff8fa3'],
  festive: ['#b3001b', '#ffd166', '#1b512d'],
  fresh: ['#d8f3dc', '#2ec4b6', '#ff9f1c'],
  professional: ['#1f3a5f', '#d9e2ec', '#3e7cb1'],
  retro: ['#f4a259', '#5b8e7d', '#bc4b51'],
  tropical: ['#06d6a0', '#ffd166', '#ef476f'],
  playful: ['#7b2cbf', '#ffbe0b', '#fb5607'],
};

type Modifier = 'pastel' | 'dark' | 'light' | 'vibrant' | 'muted' | 'monochrome';
const MODIFIERS = lexicon.looks.palette_modifiers.words as Record<string, Modifier>;

/**
 * Reads a palette from a prompt and its art direction:
 * 1. hex codes (brand colours), colour names and mood words, in prompt order and outside quoted text, give
 *    the colours;
 *    without any, a hash of the prompt picks a hue and a harmony;
 * 2. direction overrides: a mood replaces them, an asked background and accent take the first two places;
 * 3. modifier words (pastel, dark, vibrant, ...) and the direction's tone and saturation shift lightness
 *    and saturation (never of an asked colour);
 * 4. the first colour dominates the background, the next ones become accents;
 * 5. text colour is chosen for contrast with the background, unless the direction asked for one.
 */
export function paletteFromPrompt(prompt: string, seed = 0, direction: ArtDirection = {}): Palette {
  let colours: Hsl[] = [];
  const modifiers = new Set<Modifier>();
  // Quoted text is words to set on the image; a colour word before subject words is subject too
  // ("calm remote teams", "black friday"): only the words that describe the look colour it.
  const words = tokens(prompt.replace(/["“”«][^"“”«»]*["“”»]/g, ' '));
  words.forEach((token, i) => {
    const word = token.toLowerCase();
    if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(word)) return colours.push(hexToHsl(word));
    if (!isLookWord(words, i)) return;
    if (NAMED_COLOURS[word]) colours.push(hexToHsl(NAMED_COLOURS[word]));
    else if (MOODS[word]) colours.push(...MOODS[word].map(hexToHsl));
    if (MODIFIERS[word]) modifiers.add(MODIFIERS[word]);
  });
  if (colours.length === 0) colours = hashedHarmony((hashString(prompt) ^ seed) >>> 0);
  if (direction.mood && MOODS[direction.mood]) colours = MOODS[direction.mood].map(hexToHsl);
  if (direction.saturation) {
    for (const m of ['vibrant', 'muted', 'monochrome', 'pastel'] as const) modifiers.delete(m);
    modifiers.add(direction.saturation);
  }
  if (direction.tone) {
    modifiers.delete(direction.tone === 'dark' ? 'light' : 'dark');
    modifiers.add(direction.tone);
  }
  const shifted = colours.map((c) => applyModifiers(c, modifiers));
  if (direction.background) shifted[0] = hexToHsl(direction.background);
  if (direction.accent) shifted[1] = hexToHsl(direction.accent);
  const palette = assignRoles(shifted, modifiers, direction.background !== undefined);
  return direction.ink ? { ...palette, ink: direction.ink, inkMuted: direction.ink } : palette;
}

function hashedHarmony(hash: number): Hsl[] {
  const hue = hash % 360;
  const offsets = [
    [0, 30, 200],
    [0, 150, 30],
    [0, 180, 20],
    [0, 40, 320],
  ][(hash >>> 9) % 4];
  const s = 0.45 + ((hash >>> 12) % 22) / 100;
  return offsets.map((o, i) => ({ h: (hue + o) % 360, s, l: [0.42, 0.6, 0.5][i] }));
}

function applyModifiers(c: Hsl, modifiers: Set<Modifier>): Hsl {
  let { s, l } = c;
  if (modifiers.has('pastel')) [s, l] = [Math.min(s, 0.65), 0.8 + (l % 0.1)];
  if (modifiers.has('light')) l = Math.max(l, 0.72);
  if (modifiers.has('vibrant')) s = Math.max(s, 0.82);
  if (modifiers.has('muted')) s *= 0.45;
  if (modifiers.has('monochrome')) s = 0.04;
  return { h: c.h, s, l };
}

function assignRoles(colours: Hsl[], modifiers: Set<Modifier>, exact: boolean): Palette {
  const dominant = colours[0];
  const pastel = modifiers.has('pastel');
  let accent = colours[1] ?? {
    ...dominant,
    h: (dominant.h + 35) % 360,
    l: pastel ? 0.68 : dominant.l > 0.5 ? 0.3 : 0.72,
  };
  const secondary = colours[2] ?? { ...accent, h: (accent.h + 25) % 360, l: (accent.l + dominant.l) / 2 };

  let bgStart = dominant;
  if (modifiers.has('dark') && !exact) bgStart = { ...dominant, s: Math.min(dominant.s, 0.55), l: 0.12 };
  // An asked background stays that colour across the canvas: the gradient only breathes a little.
  const bgEnd = exact
    ? { h: bgStart.h, s: bgStart.s, l: clamp(bgStart.l + (bgStart.l > 0.5 ? -0.04 : 0.04)) }
    : { h: (bgStart.h + 18) % 360, s: bgStart.s, l: clamp(bgStart.l + (bgStart.l > 0.5 ? -0.1 : 0.08)) };
  const bgLightness = luminance(bgStart) * 0.5 + luminance(bgEnd) * 0.5;
  const dark = bgLightness < 0.4;
  // Colours the prompt names are kept as given; only a derived accent is moved for contrast.
  if (!colours[1] && !pastel && Math.abs(luminance(accent) - bgLightness) < 0.2)
    accent = { ...accent, l: dark ? 0.72 : 0.3 };

  return {
    background: [hslToHex(bgStart), hslToHex(bgEnd)],
    accent: hslToHex(accent),
    secondary: hslToHex(secondary),
    ink: dark ? '#ffffff' : hslToHex({ h: dominant.h, s: 0.3, l: 0.1 }),
    inkMuted: dark ? 'rgba(255,255,255,0.8)' : hslToHex({ h: dominant.h, s: 0.25, l: 0.2 }),
    dark,
    exact,
    vivid: modifiers.has('vibrant'),
  };
}

/** `from` moved `amount` (0..1) of the way to `to`, in RGB. */
export function mixColours(from: string, to: string, amount: number): string {
  const [a, b] = [hslToRgb(hexToHsl(from)), hslToRgb(hexToHsl(to))];
  const mixed = a.map((v, i) => v + (b[i] - v) * amount);
  return '#' + mixed.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
}

/**
 * A colour with its hue turned by `h` degrees, its saturation moved by `s`, and its lightness moved by `l`
 * or a `toward` share of the way to black (negative) or white (positive).
 */
export function shiftColour(
  hex: string,
  by: { h?: number; s?: number; l?: number; toward?: number },
): string {
  const c = hexToHsl(hex);
  const toward = by.toward ?? 0;
  const l = toward < 0 ? c.l * (1 + toward) : c.l + (1 - c.l) * toward;
  return hslToHex({
    h: (c.h + (by.h ?? 0) + 360) % 360,
    s: clamp(c.s + (by.s ?? 0)),
    l: clamp(l + (by.l ?? 0)),
  });
}

export function lightness(hex: string): number {
  return hexToHsl(hex).l;
}

/** A near-white (or near-black) version of a colour, for calm backdrops. */
export function tint(hex: string, lightness: number, saturation = 0.3): string {
  const c = hexToHsl(hex);
  return hslToHex({ h: c.h, s: Math.min(c.s, saturation), l: lightness });
}

export function isDarkColour(hex: string): boolean {
  return luminance(hexToHsl(hex)) < 0.4;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** Relative luminance (WCAG) of a colour, 0..1. */
function luminance(c: Hsl): number {
  const [r, g, b] = hslToRgb(c).map((v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return Math.sqrt(0.2126 * r + 0.7152 * g + 0.0722 * b);
}

export function hexToHsl(hex: string): Hsl {
  let digits = hex.replace('#', '');
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s, l };
}

function hslToRgb({ h, s, l }: Hsl): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(clamp(v) * 255)) as [number, number, number];
}

function hslToHex(c: Hsl): string {
  return (
    '#' +
    hslToRgb(c)
      .map((v) => v.toString(16).padStart(2, '0'))
      .join('')
  );
}
