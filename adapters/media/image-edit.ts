import sharp, { type OverlayOptions } from 'sharp';
import { renderInProcess, type RenderLimits } from './render-process';
import { fitText, blockHeight, textSvg } from './svg-text';

export const ASPECT_RATIOS = {
  '1:1': [1, 1],
  '16:9': [16, 9],
  '9:16': [9, 16],
  '4:5': [4, 5],
  '4:3': [4, 3],
  '3:4': [3, 4],
} as const satisfies Record<string, readonly [number, number]>;
export type AspectRatio = keyof typeof ASPECT_RATIOS;

export const MAX_EDIT_EDGE = 4096;

export interface TextOverlay {
  content: string;
  position?: 'top' | 'center' | 'bottom';
  /** Font size in pixels; defaults to 6% of the shorter edge. */
  size?: number;
  color?: string;
  /** A translucent band behind the text; a colour, or false for none. Defaults to black. */
  band?: string | false;
  bandOpacity?: number;
}

export interface LogoOverlay {
  image: Buffer;
  corner?: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
  /** Logo width as a fraction of the image width. */
  scale?: number;
}

export interface EditOps {
  aspectRatio?: AspectRatio;
  /** Long edge of the output in pixels; defaults to the input's long edge. */
  longEdge?: number;
  /** cover crops to fill the ratio (centred on the most interesting part); contain letterboxes. */
  fit?: 'cover' | 'contain';
  /** Fill for letterbox bars and for JPEG transparency. */
  background?: string;
  text?: TextOverlay;
  logo?: LogoOverlay;
  format?: 'png' | 'jpeg';
  quality?: number;
}

export interface EditedImage {
  data: Buffer;
  width: number;
  height: number;
  mimeType: 'image/png' | 'image/jpeg';
  /** The overlay text as set, line by line (none without a text overlay). */
  textLines: string[];
}

/** Output size of an aspect ratio at a long edge, rounded to even pixels (video encoders require it). */
export function dimensionsFor(aspectRatio: AspectRatio, longEdge: number): { width: number; height: number } {
  const [w, h] = ASPECT_RATIOS[aspectRatio];
  const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
  return w >= h
    ? { width: even(longEdge), height: even((longEdge * h) / w) }
    : { width: even((longEdge * w) / h), height: even(longEdge) };
}

/** editImage in a render process, stopped at the deadline or on cancellation (render-process.ts). */
export function editImage(input: Buffer, ops: EditOps, limits?: RenderLimits): Promise<EditedImage> {
  return renderInProcess<EditedImage>(
    { module: __filename, fn: 'renderEditedImage', args: [input, ops] },
    limits,
  );
}

/**
 * Applies edits in a fixed order: orient, crop or letterbox to the ratio, text overlay, logo, encode.
 */
export async function renderEditedImage(input: Buffer, ops: EditOps): Promise<EditedImage> {
  const background = ops.background ?? '#000000';
  const base = await resized(input, ops, background);
  const overlays: OverlayOptions[] = [];
  const text = ops.text?.content.trim() ? textOverlay(ops.text, base.width, base.height) : undefined;
  if (text) overlays.push({ input: text.svg, top: 0, left: 0 });
  if (ops.logo) overlays.push(await logoOverlay(ops.logo, base.width, base.height));
  const image = sharp(base.data, { raw: base.raw }).composite(overlays);
  const format = ops.format ?? 'png';
  const encoded =
    format === 'jpeg'
      ? image.flatten({ background }).jpeg({ quality: ops.quality ?? 88, mozjpeg: true })
      : image.png({ compressionLevel: 6 });
  return {
    data: await encoded.toBuffer(),
    width: base.width,
    height: base.height,
    mimeType: format === 'jpeg' ? 'image/jpeg' : 'image/png',
    textLines: text?.lines ?? [],
  };
}

async function resized(input: Buffer, ops: EditOps, background: string) {
  const meta = await sharp(input).metadata();
  const source = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const longEdge = clampEdge(ops.longEdge ?? Math.max(source.width, source.height));
  const target = ops.aspectRatio
    ? dimensionsFor(ops.aspectRatio, longEdge)
    : scaleToLongEdge(source.width, source.height, longEdge);
  const fit = ops.fit === 'contain' ? 'contain' : 'cover';
  const { data, info } = await sharp(input)
    .rotate()
    .resize({ ...target, fit, position: fit === 'cover' ? sharp.strategy.attention : 'centre', background })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    height: info.height,
    raw: { width: info.width, height: info.height, channels: info.channels },
  };
}

function scaleToLongEdge(width: number, height: number, longEdge: number) {
  const scale = longEdge / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function clampEdge(edge: number): number {
  if (!Number.isFinite(edge) || edge < 16) throw new RangeError(`longEdge must be at least 16, got ${edge}`);
  return Math.min(Math.round(edge), MAX_EDIT_EDGE);
}

/** The text, word-wrapped to the width, on a full-width band at the top, centre or bottom; and its lines. */
export function textOverlay(
  text: TextOverlay,
  width: number,
  height: number,
): { svg: Buffer; lines: string[] } {
  const short = Math.min(width, height);
  const size = text.size ?? Math.round(short * 0.06);
  const pad = Math.round(size * 0.8);
  const fitted = fitText(
    text.content.trim(),
    { width: width - 2 * pad, height: height * 0.5 },
    {
      maxSize: size,
      minSize: Math.max(8, size * 0.5),
      maxLines: 4,
      lineHeight: 1.2,
    },
  );
  const bandHeight = blockHeight(fitted) + 2 * pad;
  const position = text.position ?? 'bottom';
  const bandTop =
    position === 'top' ? 0 : position === 'center' ? (height - bandHeight) / 2 : height - bandHeight;
  const band =
    text.band === false
      ? ''
      : `<rect x="0" y="${Math.round(bandTop)}" width="${width}" height="${Math.round(bandHeight)}" fill="${text.band ?? '#000000'}" fill-opacity="${text.bandOpacity ?? 0.5}"/>`;
  const body = textSvg(fitted, {
    x: width / 2,
    y: bandTop + pad,
    anchor: 'middle',
    fill: text.color ?? '#ffffff',
  });
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${band}${body}</svg>`,
  );
  return { svg, lines: fitted.lines };
}

async function logoOverlay(logo: LogoOverlay, width: number, height: number): Promise<OverlayOptions> {
  const margin = Math.round(Math.min(width, height) * 0.04);
  const maxWidth = Math.max(1, Math.round(width * (logo.scale ?? 0.15)));
  const { data, info } = await sharp(logo.image)
    .resize({ width: maxWidth, height: Math.round(height * 0.3), fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  const corner = logo.corner ?? 'bottom-right';
  const left = corner.endsWith('left') ? margin : width - info.width - margin;
  const top = corner.startsWith('top') ? margin : height - info.height - margin;
  return { input: data, left: Math.max(0, left), top: Math.max(0, top) };
}
