/** Colour names: the ones prompts and feedback use, and the ones descriptions use for measured pixels. */

/** Every colour word Atelier reads, with the hex it stands for. */
export const NAMED_COLOURS: Record<string, string> = {
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
  burgundy: '#7a1f35',
  maroon: '#6d1a28',
  brown: '#8b5a3c',
  tan: '#c8a27a',
  beige: '#e8dcc4',
  cream: '#f6efe0',
  ivory: '#fbf8ee',
  black: '#15171c',
  charcoal: '#2b2d33',
  grey: '#8a8f98',
  gray: '#8a8f98',
  silver: '#c0c4cc',
  white: '#fafafa',
};

/** Names a measured colour may get (one spelling each), plus shades the named list lacks. */
const DESCRIBED: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(NAMED_COLOURS).filter(([name]) => name !== 'gray' && name !== 'golden'),
  ),
  'dark blue': '#0f2a5c',
  'deep blue': '#0a1f44',
  'light blue': '#b9d7f5',
  'dark green': '#1b4332',
  'light green': '#b7e4c7',
  'dark red': '#7f1d1d',
  'light grey': '#d9dce1',
  'dark grey': '#4a4e57',
  'near-black': '#0b0c10',
  plum: '#4a1942',
  'steel blue': '#4a6b8a',
  slate: '#5a6677',
  'deep purple': '#2e1a47',
  'deep green': '#14301c',
  'deep red': '#3d0c11',
  'deep brown': '#2e1f14',
  'off-white': '#f2efe9',
};

export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  let digits = hex.replace('#', '');
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

export function rgbToHex([r, g, b]: Rgb): string {
  return '#' + [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
}

/** A perceptual-ish distance ("redmean"): good enough to name a colour or compare two. */
export function colourDistance(a: Rgb, b: Rgb): number {
  const rMean = (a[0] + b[0]) / 2;
  const [dr, dg, db] = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  return Math.sqrt((2 + rMean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rMean) / 256) * db * db);
}

const DESCRIBED_RGB = Object.entries(DESCRIBED).map(([name, hex]) => ({ name, rgb: hexToRgb(hex) }));

/** The closest described colour name. */
export function colourName(rgb: Rgb): string {
  let best = DESCRIBED_RGB[0];
  let bestDistance = Infinity;
  for (const entry of DESCRIBED_RGB) {
    const d = colourDistance(rgb, entry.rgb);
    if (d < bestDistance) [best, bestDistance] = [entry, d];
  }
  return best.name;
}

/** Relative luminance (WCAG), 0..1. */
export function relativeLuminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}
