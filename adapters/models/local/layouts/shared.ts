import { blockHeight, fitText, SANS, SERIF, textSvg } from '../../../media/svg-text';
import type { Box, Scene } from './types';

/** Measures, paints and the headline block every layout shares. */

export const unit = (s: Scene) => Math.min(s.width, s.height);
export const margin = (s: Scene) => Math.round(unit(s) * 0.08);
export const ink = (s: Scene) => (s.photoBackground ? '#ffffff' : s.palette.ink);
export const inkMuted = (s: Scene) => (s.photoBackground ? 'rgba(255,255,255,0.85)' : s.palette.inkMuted);

export function linearGradient(id: string, from: string, to: string, angle: 'diagonal' | 'vertical'): string {
  const end = angle === 'diagonal' ? 'x2="1" y2="1"' : 'x2="0" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

export function glow(id: string, colour: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

export function fill(s: Scene, paint: string): string {
  return `<rect width="${s.width}" height="${s.height}" fill="${paint}"/>`;
}

/** A darkening ramp behind text on a photo, so white type stays legible. */
export function scrim(s: Scene, region: 'bottom' | 'top' | 'full'): string {
  if (!s.photoBackground) return '';
  if (region === 'full') return fill(s, 'rgba(0,0,0,0.45)');
  const [a, b] = region === 'bottom' ? ['0', '0.72'] : ['0.72', '0'];
  return (
    `<defs><linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0.25" stop-color="#000" stop-opacity="${a}"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="${b}"/></linearGradient></defs>${fill(s, 'url(#scrim)')}`
  );
}

export const fontFamily = (family: 'sans' | 'serif' | undefined) => (family === 'serif' ? SERIF : SANS);

/** The box a text block goes in: the layout's, or the band of the canvas art direction moved it to. */
function placedBox(s: Scene, box: Box): Box {
  const m = margin(s);
  const w = s.width - 2 * m;
  switch (s.type.placement) {
    case 'top':
      return { left: m, top: m, width: w, height: s.height * 0.45 - m };
    case 'center':
      return { left: m, top: s.height * 0.22, width: w, height: s.height * 0.56 };
    case 'bottom':
      return { left: m, top: s.height * 0.5, width: w, height: s.height * 0.5 - m };
    default:
      return box;
  }
}

/**
 * Headline with an optional subline in a box, aligned to its bottom or top edge; returns SVG and records
 * the lines it set in `s.drawn`. Art direction (`s.type`) may scale the type, change its family and weight,
 * upper-case it, and move or centre the block.
 */
export function headlineBlock(
  s: Scene,
  layoutBox: Box,
  opts: {
    align: 'bottom' | 'top' | 'center';
    anchor: 'start' | 'middle';
    maxSize: number;
    upper?: boolean;
    maxLines?: number;
  },
): string {
  if (!s.headline) return '';
  const box = placedBox(s, layoutBox);
  const align = s.type.placement === 'top' ? 'top' : s.type.placement ? 'center' : opts.align;
  const anchor = s.type.align ?? opts.anchor;
  const upper = s.type.upper ?? opts.upper;
  const maxSize = opts.maxSize * s.type.scale;
  const family = s.type.family ?? 'sans';
  const weight = s.type.weight ?? 'bold';
  const text = upper ? s.headline.toUpperCase() : s.headline;
  const sublineSize = Math.round(Math.max(unit(s) * 0.032, maxSize * 0.28));
  const sub = s.subline
    ? fitText(
        s.subline,
        { width: box.width, height: sublineSize * 2.6 },
        { maxSize: sublineSize, minSize: sublineSize * 0.7, maxLines: 2, lineHeight: 1.3 },
      )
    : undefined;
  const gap = sub ? sublineSize * 1.1 : 0;
  const subHeight = sub ? blockHeight(sub) : 0;
  const head = fitText(
    text,
    { width: box.width, height: box.height - subHeight - gap },
    {
      maxSize,
      minSize: maxSize * 0.3,
      maxLines: Math.round((opts.maxLines ?? 5) * Math.max(1, s.type.scale)),
      lineHeight: 1.08,
      widthScale: upper ? 1.05 : 1,
    },
  );
  const total = blockHeight(head) + gap + subHeight;
  const top =
    align === 'top'
      ? box.top
      : align === 'bottom'
        ? box.top + box.height - total
        : box.top + (box.height - total) / 2;
  const x = anchor === 'middle' ? box.left + box.width / 2 : box.left;
  let svg = textSvg(head, {
    x,
    y: top,
    anchor,
    fill: s.type.ink ?? ink(s),
    family: fontFamily(family),
    weight,
    letterSpacing: -head.fontSize * (weight === 'bold' ? 0.02 : 0),
  });
  s.drawn.push({
    role: 'headline',
    lines: head.lines,
    fontSize: head.fontSize,
    family,
    weight,
    italic: false,
  });
  if (sub) {
    svg += textSvg(sub, {
      x,
      y: top + blockHeight(head) + gap,
      anchor,
      fill: s.type.ink ?? inkMuted(s),
      family: fontFamily(family),
      weight: 'normal',
    });
    s.drawn.push({
      role: 'subline',
      lines: sub.lines,
      fontSize: sub.fontSize,
      family,
      weight: 'normal',
      italic: false,
    });
  }
  return svg;
}
