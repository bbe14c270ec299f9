import { shiftColour } from '../palette';
import { r } from '../../../media/svg-text';
import { fill, glow, headlineBlock, ink, linearGradient, margin, scrim, unit } from './shared';
import type { Composition, Scene } from './types';

/** A diagonal gradient with two soft glows; the headline sits low on the left under a short bar. */
export function gradientLayout(s: Scene): Composition {
  const { palette: p, width: w, height: h } = s;
  const big = Math.max(w, h);
  // An asked background stays the colour of the picture: its glows are lighter shades of it.
  const glows = p.exact
    ? [shiftColour(p.background[0], { toward: 0.25 }), shiftColour(p.background[0], { toward: 0.12 })]
    : [p.accent, p.secondary];
  const under =
    `<defs>${linearGradient('bg', p.background[0], p.background[1], 'diagonal')}${glow('g1', glows[0], 0.75)}${glow('g2', glows[1], 0.6)}</defs>` +
    fill(s, 'url(#bg)') +
    `<circle cx="${r(w * (0.75 + s.random() * 0.2))}" cy="${r(h * (0.1 + s.random() * 0.2))}" r="${r(big * 0.55)}" fill="url(#g1)"/>` +
    `<circle cx="${r(w * s.random() * 0.3)}" cy="${r(h * (0.55 + s.random() * 0.25))}" r="${r(big * 0.45)}" fill="url(#g2)"/>`;
  const m = margin(s);
  const bar = `<rect x="${m}" y="${r(h * 0.5 - m * 0.6)}" width="${r(m * 1.2)}" height="${r(m * 0.12)}" rx="${r(m * 0.06)}" fill="${ink(s)}" opacity="0.9"/>`;
  const text = headlineBlock(
    s,
    { left: m, top: h * 0.5, width: w - 2 * m, height: h * 0.5 - m },
    { align: 'bottom', anchor: 'start', maxSize: unit(s) * 0.13 },
  );
  return { under, over: scrim(s, 'bottom') + bar + text, paper: [p.background[0], p.background[1]] };
}
