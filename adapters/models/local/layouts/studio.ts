import type { Palette } from '../palette-shape';
import { isDarkColour, lightness, shiftColour, tint } from '../palette';
import { r } from '../../../media/svg-text';
import { fill, headlineBlock, linearGradient, margin, unit } from './shared';
import type { Box, Composition, Scene } from './types';

/** Light levels of the studio sweep: a dark colour asks for a dark room. */
function studioTones(p: Palette) {
  const base = p.background[0];
  if (p.exact) {
    const dark = isDarkColour(base);
    return {
      wall: [base, p.background[1]],
      floor: [shiftColour(base, { l: -0.08 }), shiftColour(base, { l: -0.12 })],
      ink: dark ? '#ffffff' : tint(base, 0.14, 0.35),
      inkMuted: dark ? 'rgba(255,255,255,0.78)' : tint(base, 0.3, 0.2),
      shadow: dark ? 0.6 : 0.38,
    };
  }
  const sat = p.vivid ? 0.8 : 0.35;
  if (lightness(base) < 0.3) {
    return {
      wall: [tint(base, 0.24, p.vivid ? 0.8 : 0.5), tint(base, 0.14, p.vivid ? 0.8 : 0.5)],
      floor: [tint(base, 0.1, 0.45), tint(base, 0.06, 0.4)],
      ink: '#ffffff',
      inkMuted: 'rgba(255,255,255,0.78)',
      shadow: 0.6,
    };
  }
  return {
    wall: [tint(base, p.vivid ? 0.85 : 0.93, sat), tint(base, p.vivid ? 0.72 : 0.8, sat)],
    floor: [tint(base, 0.74, p.vivid ? 0.7 : 0.3), tint(base, 0.62, p.vivid ? 0.7 : 0.3)],
    ink: tint(base, 0.14, 0.35),
    inkMuted: tint(base, 0.3, 0.2),
    shadow: 0.38,
  };
}

/** A studio sweep: wall, floor, a soft contact shadow, and a product (the input image or a podium with a sphere). */
export function studioLayout(s: Scene): Composition {
  const { palette: p, width: w, height: h } = s;
  const tones = studioTones(p);
  const horizon = h * 0.7;
  const product: Box = {
    left: w * 0.2,
    top: h * 0.26,
    width: w * 0.6,
    height: horizon - h * 0.26 + unit(s) * 0.04,
  };
  const shadowY = product.top + product.height;
  const shadow = `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="${tones.shadow}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;
  const under =
    `<defs>${linearGradient('wall', tones.wall[0], tones.wall[1], 'vertical')}${linearGradient('floor', tones.floor[0], tones.floor[1], 'vertical')}${shadow}</defs>` +
    fill(s, 'url(#wall)') +
    `<rect y="${r(horizon)}" width="${w}" height="${r(h - horizon)}" fill="url(#floor)"/>` +
    `<ellipse cx="${r(w / 2)}" cy="${r(shadowY)}" rx="${r(product.width * 0.42)}" ry="${r(unit(s) * 0.035)}" fill="url(#shadow)"/>`;
  const stand = s.photoBackground ? '' : podium(s, product, shadowY);
  const m = margin(s);
  const studioScene = {
    ...s,
    photoBackground: false,
    palette: { ...p, ink: tones.ink, inkMuted: tones.inkMuted },
  };
  const text = headlineBlock(
    studioScene,
    { left: m, top: m, width: w - 2 * m, height: product.top - m * 1.3 },
    { align: 'top', anchor: 'middle', maxSize: unit(s) * 0.075, maxLines: 2 },
  );
  return {
    under: under + stand,
    over: text,
    product: s.photoBackground ? product : undefined,
    paper: [tones.wall[0], tones.floor[0]],
  };
}

function podium(s: Scene, box: Box, baseY: number): string {
  const cx = s.width / 2;
  const rx = box.width * 0.3;
  const ry = rx * 0.18;
  const top = baseY - box.height * 0.28;
  const ball = Math.min(box.height * 0.3, rx * 0.85);
  const side = linearGradient('podium', s.palette.accent, tint(s.palette.accent, 0.3, 0.6), 'vertical');
  const sphere = `<radialGradient id="ball" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${tint(s.palette.secondary, 0.85, 0.7)}"/><stop offset="1" stop-color="${s.palette.secondary}"/></radialGradient>`;
  return (
    `<defs>${side}${sphere}</defs>` +
    `<path d="M${r(cx - rx)} ${r(top)} V${r(baseY)} A${r(rx)} ${r(ry)} 0 0 0 ${r(cx + rx)} ${r(baseY)} V${r(top)} Z" fill="url(#podium)"/>` +
    `<ellipse cx="${r(cx)}" cy="${r(top)}" rx="${r(rx)}" ry="${r(ry)}" fill="${tint(s.palette.accent, 0.7, 0.5)}"/>` +
    `<ellipse cx="${r(cx)}" cy="${r(top)}" rx="${r(ball * 0.8)}" ry="${r(ry * 0.6)}" fill="#000" opacity="0.18"/>` +
    `<circle cx="${r(cx)}" cy="${r(top - ball)}" r="${r(ball)}" fill="url(#ball)"/>`
  );
}
