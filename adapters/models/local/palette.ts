import { hashString, tokens } from './prompt-words';

/** Colours for one composition, by role. */
export interface Palette {
  background: [string, string];
  accent: string;
  secondary: string;
  ink: string;
  inkMuted: string;
  dark: boolean;
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

const NAMED: Record<string, string> = {
  red: '#e63946',
  crimson: '#b5172e',
  coral: '#ff6f61',
  orange: '#f4842d',
  peach: '#ffb38a',
  amber: '#f5a524',
  yellow: '#f9d649',
  gold: '#c9a227',
  golden: '#c9a227',
  lime: '#9bd23c',
  green: '#3a9d5d',
  emerald: '#10a37f',
  mint: '#9ee6c5',
  olive: '#7a8450',
  teal: '#0f9b8e',
  turquoise: '#2ec4c6',
  cyan: '#22b8cf',
  sky: '#7cc6fe',
  blue: '#2f6fde',
  navy: '#1b2a4a',
  indigo: '#4b3fa8',
  violet: '#7c4dff',
  purple: '#8e44ad',
  lavender: '#b8a9e8',
  magenta: '#d63384',
  pink: '#f49ac2',
  rose: '#e8738a',
  brown: '#8b5a3c',
  beige: '#e8dcc4',
  cream: '#f6efe0',
  black: '#15171c',
  charcoal: '#2b2d33',
  grey: '#8a8f98',
  gray: '#8a8f98',
  silver: '#c0c4cc',
  white: '#fafafa',
};

/** Mood words stand for a small palette each. */
const MOODS: Record<string, string[]> = {
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
};

type Modifier = 'pastel' | 'dark' | 'light' | 'vibrant' | 'muted' | 'monochrome';
const MODIFIERS: Record<string, Modifier> = {
  pastel: 'pastel',
  pastels: 'pastel',
  dark: 'dark',
  light: 'light',
  bright: 'vibrant',
  vibrant: 'vibrant',
  muted: 'muted',
  monochrome: 'monochrome',
};

/**
 * Reads a palette from a prompt:
 * 1. hex codes (brand colours), colour names and mood words, in prompt order, give the colours;
 * 2. without any, a hash of the prompt picks a hue and a harmony;
 * 3. the first colour dominates the background, the next ones become accents;
 * 4. modifier words (pastel, dark, vibrant, ...) shift lightness and saturation;
 * 5. text colour is chosen for contrast with the background.
 */
export function paletteFromPrompt(prompt: string, seed = 0): Palette {
  const colours: Hsl[] = [];
  const modifiers = new Set<Modifier>();
  for (const token of tokens(prompt)) {
    const word = token.toLowerCase();
    if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(word)) colours.push(hexToHsl(word));
    else if (NAMED[word]) colours.push(hexToHsl(NAMED[word]));
    else if (MOODS[word]) colours.push(...MOODS[word].map(hexToHsl));
    if (MODIFIERS[word]) modifiers.add(MODIFIERS[word]);
  }
  const base = colours.length > 0 ? colours : hashedHarmony((hashString(prompt) ^ seed) >>> 0);
  return assignRoles(
    base.map((c) => applyModifiers(c, modifiers)),
    modifiers,
  );
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

function assignRoles(colours: Hsl[], modifiers: Set<Modifier>): Palette {
  const dominant = colours[0];
  const pastel = modifiers.has('pastel');
  let accent = colours[1] ?? {
    ...dominant,
    h: (dominant.h + 35) % 360,
    l: pastel ? 0.68 : dominant.l > 0.5 ? 0.3 : 0.72,
  };
  const secondary = colours[2] ?? { ...accent, h: (accent.h + 25) % 360, l: (accent.l + dominant.l) / 2 };

  let bgStart = dominant;
  if (modifiers.has('dark')) bgStart = { ...dominant, s: Math.min(dominant.s, 0.55), l: 0.12 };
  const bgEnd = {
    h: (bgStart.h + 18) % 360,
    s: bgStart.s,
    l: clamp(bgStart.l + (bgStart.l > 0.5 ? -0.1 : 0.08)),
  };
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
  };
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
