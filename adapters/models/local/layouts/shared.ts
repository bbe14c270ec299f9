import { blockHeight, fitText, textSvg } from '../../../media/svg-text';
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

/**
 * Headline with an optional subline in a box, aligned to its bottom or top edge; returns SVG.
 */
export function headlineBlock(
  s: Scene,
  box: Box,
  opts: {
    align: 'bottom' | 'top' | 'center';
    anchor: 'start' | 'middle';
    maxSize: number;
    upper?: boolean;
    maxLines?: number;
  },
): string {
  if (!s.headline) return '';
  const text = opts.upper ? s.headline.toUpperCase() : s.headline;
  const sublineSize = Math.round(Math.max(unit(s) * 0.032, opts.maxSize * 0.28));
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
      maxSize: opts.maxSize,
      minSize: opts.maxSize * 0.3,
      maxLines: opts.maxLines ?? 5,
      lineHeight: 1.08,
      widthScale: opts.upper ? 1.05 : 1,
    },
  );
  const total = blockHeight(head) + gap + subHeight;
  const top =
    opts.align === 'top'
      ? box.top
      : opts.align === 'bottom'
        ? box.top + box.height - total
        : box.top + (box.height - total) / 2;
  const x = opts.anchor === 'middle' ? box.left + box.width / 2 : box.left;
  let svg = textSvg(head, {
    x,
    y: top,
    anchor: opts.anchor,
    fill: ink(s),
    letterSpacing: -head.fontSize * 0.02,
  });
  if (sub)
    svg += textSvg(sub, {
      x,
      y: top + blockHeight(head) + gap,
      anchor: opts.anchor,
      fill: inkMuted(s),
      weight: 'normal',
    });
  return svg;
}
