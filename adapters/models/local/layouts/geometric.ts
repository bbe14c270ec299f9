import { tint } from '../palette';
import { r } from '../../../media/svg-text';
import { fill, headlineBlock, margin, scrim, unit } from './shared';
import type { Box, Composition, Scene } from './types';

/** A grid of Bauhaus tiles (circles, quarter circles, half discs, triangles, squares) from the seeded generator. */
function geometricTiles(s: Scene, area: Box): string {
  const colours = [s.palette.accent, s.palette.secondary, s.palette.ink, tint(s.palette.accent, 0.85)];
  const cols = Math.max(2, Math.round(area.width / (unit(s) * 0.22)));
  const cell = area.width / cols;
  const rows = Math.max(1, Math.floor(area.height / cell));
  let svg = '';
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = area.left + col * cell;
      const y = area.top + row * cell;
      const colour = colours[Math.floor(s.random() * colours.length)];
      svg += tile(Math.floor(s.random() * 6), x, y, cell, colour, Math.floor(s.random() * 4));
    }
  }
  return svg;
}

function tile(kind: number, x: number, y: number, c: number, colour: string, turn: number): string {
  const g = (inner: string) =>
    `<g transform="rotate(${turn * 90} ${r(x + c / 2)} ${r(y + c / 2)})">${inner}</g>`;
  const pad = c * 0.06;
  switch (kind) {
    case 0:
      return `<circle cx="${r(x + c / 2)}" cy="${r(y + c / 2)}" r="${r(c / 2 - pad)}" fill="${colour}"/>`;
    case 1:
      return g(
        `<path d="M${r(x)} ${r(y)} h${r(c)} a${r(c)} ${r(c)} 0 0 1 ${r(-c)} ${r(c)} z" fill="${colour}"/>`,
      );
    case 2:
      return g(
        `<path d="M${r(x)} ${r(y + c / 2)} a${r(c / 2)} ${r(c / 2)} 0 0 1 ${r(c)} 0 z" fill="${colour}"/>`,
      );
    case 3:
      return g(
        `<path d="M${r(x)} ${r(y + c)} L${r(x + c / 2)} ${r(y)} L${r(x + c)} ${r(y + c)} z" fill="${colour}"/>`,
      );
    case 4:
      return `<rect x="${r(x + pad)}" y="${r(y + pad)}" width="${r(c - 2 * pad)}" height="${r(c - 2 * pad)}" fill="${colour}"/>`;
    default:
      return `<circle cx="${r(x + c / 2)}" cy="${r(y + c / 2)}" r="${r(c * 0.18)}" fill="${colour}"/>`;
  }
}

/** Bauhaus tiles beside (landscape) or above (portrait) the headline. */
export function geometricLayout(s: Scene): Composition {
  const { width: w, height: h } = s;
  const m = margin(s);
  const landscape = w > h * 1.2;
  const tiles: Box = landscape
    ? { left: w * 0.5, top: m, width: w * 0.5 - m, height: h - 2 * m }
    : { left: m, top: m, width: w - 2 * m, height: h * 0.55 - m };
  const textBox: Box = landscape
    ? { left: m, top: m, width: w * 0.5 - 2 * m, height: h - 2 * m }
    : { left: m, top: h * 0.58, width: w - 2 * m, height: h * 0.42 - m };
  const under = fill(s, s.palette.background[0]) + geometricTiles(s, tiles);
  const over =
    scrim(s, 'bottom') +
    headlineBlock(s, textBox, {
      align: landscape ? 'center' : 'top',
      anchor: 'start',
      maxSize: unit(s) * 0.12,
    });
  return { under, over, paper: [s.palette.background[0]] };
}
