import sharp from 'sharp';
import type { MeasuredColour } from '../../core/run/media-facts';
import { colourDistance, colourName, relativeLuminance, rgbToHex, type Rgb } from './colours';

/** What an image looks like, measured from its pixels. */
export interface ImageMeasure {
  width: number;
  height: number;
  /** The main colours, largest share first (at most four, each at least 4 % of the picture). */
  colours: MeasuredColour[];
  /** Mean relative luminance, 0..1. */
  luminance: number;
  tone: 'dark' | 'light' | 'mid';
}

const SAMPLE_EDGE = 64;
const LEVELS = 8;
const MIN_SHARE = 0.04;
const MERGE_DISTANCE = 60;

/**
 * Measures an image's colours:
 * 1. sample it at 64x64 (every pixel weighs the same);
 * 2. count pixels in an 8x8x8 colour cube, keeping each cell's mean colour;
 * 3. merge cells whose means are close, largest first; keep those over 4 % and name them.
 */
export async function measureImage(image: Buffer): Promise<ImageMeasure> {
  const meta = await sharp(image).metadata();
  const { data } = await sharp(image)
    .resize(SAMPLE_EDGE, SAMPLE_EDGE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cells = new Map<number, { count: number; sum: [number, number, number] }>();
  let luminance = 0;
  const pixels = data.length / 3;
  for (let i = 0; i < data.length; i += 3) {
    const rgb: Rgb = [data[i], data[i + 1], data[i + 2]];
    luminance += relativeLuminance(rgb);
    const key = rgb.reduce((k, v) => k * LEVELS + Math.floor((v * LEVELS) / 256), 0);
    const cell = cells.get(key) ?? { count: 0, sum: [0, 0, 0] };
    cell.count++;
    rgb.forEach((v, c) => (cell.sum[c] += v));
    cells.set(key, cell);
  }
  const groups: { rgb: Rgb; count: number }[] = [];
  for (const cell of [...cells.values()].sort((a, b) => b.count - a.count)) {
    const rgb = cell.sum.map((s) => s / cell.count) as Rgb;
    const near = groups.find((g) => colourDistance(g.rgb, rgb) < MERGE_DISTANCE);
    if (near) near.count += cell.count;
    else groups.push({ rgb, count: cell.count });
  }
  const colours = groups
    .sort((a, b) => b.count - a.count)
    .filter((g) => g.count / pixels >= MIN_SHARE)
    .slice(0, 4)
    .map((g) => ({
      hex: rgbToHex(g.rgb),
      name: colourName(g.rgb),
      share: Math.round((g.count / pixels) * 100) / 100,
    }));
  const mean = luminance / pixels;
  // CIE L* of the mean luminance: perceptual lightness, 0..100.
  const lightness = mean > 0.008856 ? 116 * Math.cbrt(mean) - 16 : 903.3 * mean;
  return {
    width: meta.autoOrient?.width ?? meta.width ?? 0,
    height: meta.autoOrient?.height ?? meta.height ?? 0,
    colours,
    luminance: Math.round(mean * 1000) / 1000,
    tone: lightness < 42 ? 'dark' : lightness > 70 ? 'light' : 'mid',
  };
}
