import { isDarkColour, tint } from '../palette';
import { r } from '../../../media/svg-text';
import { fill, headlineBlock, margin, scrim, unit } from './shared';
import type { Composition, Scene } from './types';

/** Plain paper, an accent sun and a rule; small dark type low on the left. */
export function minimalLayout(s: Scene): Composition {
  const { palette: p, width: w, height: h } = s;
  const m = margin(s) * 1.4;
  // An asked background is painted as given; otherwise minimal means near-white (or near-black) paper.
  const paper = p.exact
    ? p.background[0]
    : p.dark
      ? tint(p.background[0], 0.09, 0.25)
      : tint(p.background[0], 0.955, 0.35);
  const darkPaper = p.exact ? isDarkColour(paper) : p.dark;
  const sun = unit(s) * 0.16;
  const under =
    fill(s, paper) +
    `<circle cx="${r(w - m - sun)}" cy="${r(m + sun)}" r="${r(sun)}" fill="${p.accent}"/>` +
    `<rect x="${r(m)}" y="${r(h - m)}" width="${r(unit(s) * 0.12)}" height="${r(unit(s) * 0.008)}" fill="${p.accent}"/>`;
  const textInk = darkPaper ? '#f4f4f4' : tint(p.background[0], 0.12, 0.3);
  const minimalScene = s.photoBackground
    ? s
    : {
        ...s,
        palette: {
          ...p,
          ink: textInk,
          inkMuted: darkPaper ? 'rgba(255,255,255,0.7)' : tint(p.background[0], 0.4, 0.15),
        },
      };
  const text = headlineBlock(
    minimalScene,
    { left: m, top: h * 0.35, width: w * 0.72 - m, height: h * 0.55 - m },
    { align: 'bottom', anchor: 'start', maxSize: unit(s) * 0.085 },
  );
  return { under, over: scrim(s, 'bottom') + text, paper: [paper] };
}
