import { lexicon } from '../../../core/language/lexicon';
import sharp from 'sharp';
import { readArtDirection } from './art-direction';
import type { ArtDirection } from './art-direction-shape';
import type { DeclinedDirection } from './directions';
import { LAYOUTS, type Composition, type LayoutStyle, type Scene } from './layouts';
import type { DrawnText, Typography } from './layouts/types';
import { paletteFromPrompt } from './palette';
import {
  hashString,
  quotedText,
  secondaryPhrase,
  seededRandom,
  sentenceCase,
  subjectPhrase,
  titleCase,
  tokens,
} from './prompt-words';

export interface RenderImageRequest {
  prompt: string;
  width: number;
  height: number;
  /** An input image: the backdrop of the composition, or the product on a studio backdrop. */
  background?: Buffer;
  seed?: number;
  /** Art directions, oldest first ("warmer and brighter"): they change palette, type and layout, never the words. */
  directions?: string[];
}

/** What the renderer drew: the facts a description of the image is built from. */
export interface DrawnImage {
  layout: LayoutStyle;
  /** The background colours painted, largest first. */
  paper: string[];
  accent: string;
  /** Every block of text set on the image, line by line. */
  text: DrawnText[];
  photo: 'background' | 'product' | null;
  /** What the art directions changed, and what the renderer could not do. */
  applied: string[];
  declined: DeclinedDirection[];
}

export interface RenderedImage {
  png: Buffer;
  drawn: DrawnImage;
}

export const MAX_RENDER_EDGE = 4096;

const STYLE_WORDS = lexicon.looks.prompt_styles.words as Record<string, LayoutStyle>;
const STYLE_PRIORITY: readonly LayoutStyle[] = [
  'studio',
  'quote',
  'minimal',
  'bold',
  'geometric',
  'waves',
  'gradient',
] as const;
const FALLBACK_STYLES: readonly LayoutStyle[] = ['gradient', 'geometric', 'waves', 'minimal'] as const;

/** The layout a prompt asks for by its words (strongest first), else one picked by its hash. */
export function styleFromPrompt(prompt: string, seed = 0): LayoutStyle {
  const asked = new Set(
    tokens(prompt)
      .map((t) => STYLE_WORDS[t.toLowerCase()])
      .filter(Boolean),
  );
  if (quotedText(prompt) && !asked.has('studio') && asked.size === 0) return 'quote';
  const chosen = STYLE_PRIORITY.find((style) => asked.has(style));
  return chosen ?? FALLBACK_STYLES[((hashString(prompt) ^ seed) >>> 0) % FALLBACK_STYLES.length];
}

/** The layouts a style direction leads to; quote cards and product shots keep theirs (their content needs it). */
function layoutFor(
  prompt: string,
  seed: number,
  d: ArtDirection,
  declined: DeclinedDirection[],
): LayoutStyle {
  const base = styleFromPrompt(prompt, seed);
  const fixed = base === 'quote' || base === 'studio';
  if (d.layout && fixed && d.layout !== base) {
    declined.push({
      direction: `${d.layout} layout`,
      reason: `a ${base === 'quote' ? 'quote card' : 'product shot'} keeps its ${base} layout`,
    });
  } else if (d.layout) return d.layout;
  if (d.otherLayout) {
    if (fixed)
      declined.push({
        direction: 'another layout',
        reason: `a ${base === 'quote' ? 'quote card' : 'product shot'} keeps its ${base} layout`,
      });
    else return otherLayout(base);
  }
  if (fixed || !d.style) return base;
  if (d.style === 'bold') return 'bold';
  if (d.style === 'minimal') return 'minimal';
  if (d.style === 'playful') return base === 'geometric' ? 'waves' : 'geometric';
  return base === 'bold' || base === 'geometric' ? 'gradient' : base;
}

/** Another layout than a base: the next of this cycle (quote cards and product shots keep theirs). */
const LAYOUT_CYCLE: readonly LayoutStyle[] = ['gradient', 'geometric', 'waves', 'minimal', 'bold'] as const;
const otherLayout = (base: LayoutStyle): LayoutStyle =>
  LAYOUT_CYCLE.includes(base) ? LAYOUT_CYCLE[(LAYOUT_CYCLE.indexOf(base) + 1) % LAYOUT_CYCLE.length] : base;

/** Type settings from art direction; a style direction sets what the direction did not set itself. */
function typographyFor(d: ArtDirection): Typography {
  const type: Typography = {
    scale: d.textScale ?? 1,
    decorated: true,
    family: d.family,
    weight: d.weight,
    placement: d.placement,
    align: d.align,
    ink: d.ink,
  };
  if (d.style === 'bold')
    Object.assign(type, { weight: type.weight ?? 'bold', upper: true, scale: type.scale * 1.15 });
  if (d.style === 'minimal')
    Object.assign(type, { weight: type.weight ?? 'normal', scale: type.scale * 0.9, decorated: false });
  if (d.style === 'playful')
    Object.assign(type, { family: type.family ?? 'sans', weight: type.weight ?? 'bold' });
  if (d.style === 'elegant')
    Object.assign(type, { family: type.family ?? 'serif', weight: type.weight ?? 'normal' });
  return type;
}

/** A style direction also sets the saturation, unless the direction chose one. */
const STYLE_SATURATION = { bold: 'vibrant', playful: 'vibrant', minimal: 'muted', elegant: 'muted' } as const;

/**
 * Renders a PNG that follows the prompt and its art directions, deterministically:
 * 1. the directions are read into settings (what is applied and what is declined is kept);
 * 2. palette from colour words (or a hash) under the direction's colours, mood, tone and saturation;
 *    layout from style words (or a hash) unless a direction asks for another; type from the direction;
 * 3. headline from the subject words (or the quoted text), subline from the next clause;
 * 4. the layout draws an SVG under and over the picture, recording the text it sets; an input image is
 *    either the whole background (under a scrim) or, in the studio layout, a product on the backdrop;
 * 5. sharp rasterises and composites the layers and encodes the PNG.
 */
export async function renderImageWithReport(request: RenderImageRequest): Promise<RenderedImage> {
  const { width, height } = request;
  assertCanvas(width, height);
  const seed = request.seed ?? 0;
  const reading = readArtDirection(request.directions ?? []);
  const declined = [...reading.declined];
  const direction: ArtDirection = {
    ...reading.settings,
    saturation:
      reading.settings.saturation ??
      (reading.settings.style ? STYLE_SATURATION[reading.settings.style] : undefined),
  };
  const style = layoutFor(request.prompt, seed, direction, declined);
  const scene = sceneFor(request, style, seed, direction);
  const composition = LAYOUTS[style](scene);
  const canvas = await canvasFor(request, composition, scene);
  const png = await canvas.removeAlpha().png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
  const photo = request.background ? (composition.product ? 'product' : 'background') : null;
  return {
    png,
    drawn: {
      layout: style,
      paper: composition.paper ?? [scene.palette.background[0]],
      accent: scene.palette.accent,
      text: scene.drawn,
      photo,
      applied: reading.applied.filter((a) => !declined.some((d) => a.startsWith(d.direction))),
      declined,
    },
  };
}

/** The PNG alone (renderImageWithReport without the report). */
export async function renderImage(request: RenderImageRequest): Promise<Buffer> {
  return (await renderImageWithReport(request)).png;
}

const ATTRIBUTION = /["”»]\s*(?:—|–|-|\bby\b)\s*([^"“”«»]{1,120}?)\s*$/u;

function sceneFor(
  request: RenderImageRequest,
  style: LayoutStyle,
  seed: number,
  direction: ArtDirection,
): Scene {
  const { prompt, width, height } = request;
  const quoted = quotedText(prompt);
  const subject = subjectPhrase(prompt);
  const attribution = prompt.match(ATTRIBUTION)?.[1]?.trim();
  return {
    width,
    height,
    palette: paletteFromPrompt(prompt, seed, direction),
    headline: quoted ?? (style === 'quote' ? sentenceCase(subject) : titleCase(subject)),
    subline: style === 'quote' ? undefined : sentenceCaseOrUndefined(secondaryPhrase(prompt)),
    attribution: style === 'quote' && attribution ? attribution : undefined,
    random: seededRandom(hashString(prompt) ^ Math.imul(seed, 2654435761)),
    photoBackground: request.background !== undefined,
    type: typographyFor(direction),
    drawn: [],
  };
}

const sentenceCaseOrUndefined = (text?: string) => (text ? sentenceCase(text) : undefined);

const svgDocument = (scene: Scene, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}">${body}</svg>`,
  );

/**
 * The layers as one sharp pipeline, ready to encode. An input photo is resized and composited in the
 * same pipeline, and a product travels as raw pixels: encoding either to PNG in between cost more than
 * the final encode itself on a grainy photo (bench/media.ts).
 */
async function canvasFor(
  request: RenderImageRequest,
  composition: Composition,
  scene: Scene,
): Promise<sharp.Sharp> {
  const over = { input: svgDocument(scene, composition.over), top: 0, left: 0 };
  if (!request.background) return sharp(svgDocument(scene, composition.under + composition.over));
  if (composition.product) {
    const box = composition.product;
    const product = await sharp(request.background)
      .resize({ width: Math.round(box.width), height: Math.round(box.height), fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = product.info;
    // Stand the product on the floor: centred horizontally, bottom on the shadow line.
    const left = Math.round(box.left + (box.width - width) / 2);
    const top = Math.round(box.top + box.height - height);
    return sharp(svgDocument(scene, composition.under)).composite([
      { input: product.data, raw: { width, height, channels }, left, top },
      over,
    ]);
  }
  return sharp(request.background)
    .resize({ width: scene.width, height: scene.height, fit: 'cover' })
    .composite([over]);
}

function assertCanvas(width: number, height: number): void {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 16 || value > MAX_RENDER_EDGE) {
      throw new RangeError(`${name} must be an integer between 16 and ${MAX_RENDER_EDGE}, got ${value}`);
    }
  }
}
