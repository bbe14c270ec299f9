import { r } from '../../../media/svg-text';
import { fill, headlineBlock, margin, scrim, unit } from './shared';
import type { Composition, Scene } from './types';

/** A slanted accent band and big upper-case type at the top. */
export function boldLayout(s: Scene): Composition {
  const { palette: p, width: w, height: h } = s;
  const m = margin(s);
  const band = h * 0.22;
  const under =
    fill(s, p.background[0]) +
    `<polygon points="0,${r(h * 0.72)} ${w},${r(h * 0.72 - band)} ${w},${r(h * 0.72)} 0,${r(h * 0.72 + band)}" fill="${p.accent}"/>` +
    `<rect x="${m}" y="${m}" width="${r(unit(s) * 0.14)}" height="${r(unit(s) * 0.035)}" fill="${p.accent}"/>`;
  const text = headlineBlock(
    s,
    { left: m, top: m * 2.2, width: w - 2 * m, height: h * 0.52 - m },
    { align: 'top', anchor: 'start', maxSize: unit(s) * 0.2, upper: true, maxLines: 4 },
  );
  return { under, over: scrim(s, 'full') + text, paper: [p.background[0]] };
}
