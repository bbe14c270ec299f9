import sharp from 'sharp';
import { LAYOUTS, type Composition, type LayoutStyle, type Scene } from './layouts';
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
  /** Art direction ("warmer and brighter"): it changes the palette and layout but is never written on the image. */
  direction?: string;
}

export const MAX_RENDER_EDGE = 4096;

const STYLE_WORDS: Record<string, LayoutStyle> = {
  photo: 'studio',
  photograph: 'studio',
  product: 'studio',
  studio: 'studio',
  mockup: 'studio',
  packshot: 'studio',
  quote: 'quote',
  quotes: 'quote',
  saying: 'quote',
  testimonial: 'quote',
  minimal: 'minimal',
  minimalist: 'minimal',
  minimalistic: 'minimal',
  clean: 'minimal',
  simple: 'minimal',
  bold: 'bold',
  loud: 'bold',
  punchy: 'bold',
  sale: 'bold',
  announcement: 'bold',
  gradient: 'gradient',
  gradients: 'gradient',
  glow: 'gradient',
  geometric: 'geometric',
  geometry: 'geometric',
  shapes: 'geometric',
  abstract: 'geometric',
  bauhaus: 'geometric',
  pattern: 'geometric',
  wave: 'waves',
  waves: 'waves',
  wavy: 'waves',
  flow: 'waves',
  fluid: 'waves',
  ocean: 'waves',
};
const STYLE_PRIORITY: LayoutStyle[] = [
  'studio',
  'quote',
  'minimal',
  'bold',
  'geometric',
  'waves',
  'gradient',
];
const FALLBACK_STYLES: LayoutStyle[] = ['gradient', 'geometric', 'waves', 'minimal'];

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

/**
 * Renders a PNG that follows the prompt, deterministically:
 * 1. palette from colour words (or a hash), layout from style words (or a hash);
 * 2. headline from the subject words (or the quoted text), subline from the next clause;
 * 3. the layout draws an SVG under and over the picture; an input image is either the whole
 *    background (under a scrim) or, in the studio layout, a product centred on the backdrop;
 * 4. sharp rasterises and composites the layers and encodes the PNG.
 */
export async function renderImage(request: RenderImageRequest): Promise<Buffer> {
  const { width, height } = request;
  assertCanvas(width, height);
  const seed = request.seed ?? 0;
  const style = styleFromPrompt(withDirection(request), seed);
  const scene = sceneFor(request, style, seed);
  const composition = LAYOUTS[style](scene);
  const canvas = await canvasFor(request, composition, scene);
  return canvas.removeAlpha().png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

function sceneFor(request: RenderImageRequest, style: LayoutStyle, seed: number): Scene {
  const { prompt, width, height } = request;
  const quoted = quotedText(prompt);
  const subject = subjectPhrase(prompt);
  const attribution = prompt.match(
    /(?:—|–|\s-|\bby)\s*([A-Z][\p{L}.'-]+(?:\s+[A-Z][\p{L}.'-]+){0,3})\s*$/u,
  )?.[1];
  return {
    width,
    height,
    palette: paletteFromPrompt(withDirection(request), seed),
    headline: quoted ?? (style === 'quote' ? sentenceCase(subject) : titleCase(subject)),
    subline: style === 'quote' ? undefined : sentenceCaseOrUndefined(secondaryPhrase(prompt)),
    attribution: style === 'quote' ? attribution : undefined,
    random: seededRandom(hashString(prompt) ^ Math.imul(seed, 2654435761)),
    photoBackground: request.background !== undefined,
  };
}

const withDirection = (request: RenderImageRequest) =>
  request.direction ? `${request.prompt} ${request.direction}` : request.prompt;

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
