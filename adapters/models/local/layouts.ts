import type { Palette } from './palette';
import { lightness, tint } from './palette';
import { blockHeight, fitText, r, SERIF, textSvg } from './svg-text';

export type LayoutStyle = 'gradient' | 'geometric' | 'minimal' | 'bold' | 'waves' | 'studio' | 'quote';

export interface Scene {
  width: number;
  height: number;
  palette: Palette;
  headline: string;
  subline?: string;
  attribution?: string;
  random: () => number;
  /** An input image fills the canvas; layouts then draw text over it on a scrim. */
  photoBackground: boolean;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** SVG drawn under an input image (`under`), over it (`over`), and where a product image goes. */
export interface Composition {
  under: string;
  over: string;
  product?: Box;
}

export const LAYOUTS: Record<LayoutStyle, (scene: Scene) => Composition> = {
  gradient: gradientLayout,
  geometric: geometricLayout,
  minimal: minimalLayout,
  bold: boldLayout,
  waves: wavesLayout,
  studio: studioLayout,
  quote: quoteLayout,
};

const unit = (s: Scene) => Math.min(s.width, s.height);
const margin = (s: Scene) => Math.round(unit(s) * 0.08);
const ink = (s: Scene) => (s.photoBackground ? '#ffffff' : s.palette.ink);
const inkMuted = (s: Scene) => (s.photoBackground ? 'rgba(255,255,255,0.85)' : s.palette.inkMuted);

function linearGradient(id: string, from: string, to: string, angle: 'diagonal' | 'vertical'): string {
  const end = angle === 'diagonal' ? 'x2="1" y2="1"' : 'x2="0" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function glow(id: string, colour: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

function fill(s: Scene, paint: string): string {
  return `<rect width="${s.width}" height="${s.height}" fill="${paint}"/>`;
}

/** A darkening ramp behind text on a photo, so white type stays legible. */
function scrim(s: Scene, region: 'bottom' | 'top' | 'full'): string {
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
function headlineBlock(
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

function gradientLayout(s: Scene): Composition {
  const { palette: p, width: w, height: h } = s;
  const big = Math.max(w, h);
  const under =
    `<defs>${linearGradient('bg', p.background[0], p.background[1], 'diagonal')}${glow('g1', p.accent, 0.75)}${glow('g2', p.secondary, 0.6)}</defs>` +
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
  return { under, over: scrim(s, 'bottom') + bar + text };
}

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

function geometricLayout(s: Scene): Composition {
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
  return { under, over };
}

function minimalLayout(s: Scene): Composition {
  const { palette: p, width: w, height: h } = s;
  const m = margin(s) * 1.4;
  const paper = p.dark ? tint(p.background[0], 0.09, 0.25) : tint(p.background[0], 0.955, 0.35);
  const sun = unit(s) * 0.16;
  const under =
    fill(s, paper) +
    `<circle cx="${r(w - m - sun)}" cy="${r(m + sun)}" r="${r(sun)}" fill="${p.accent}"/>` +
    `<rect x="${r(m)}" y="${r(h - m)}" width="${r(unit(s) * 0.12)}" height="${r(unit(s) * 0.008)}" fill="${p.accent}"/>`;
  const textInk = p.dark ? '#f4f4f4' : tint(p.background[0], 0.12, 0.3);
  const minimalScene = s.photoBackground
    ? s
    : {
        ...s,
        palette: {
          ...p,
          ink: textInk,
          inkMuted: p.dark ? 'rgba(255,255,255,0.7)' : tint(p.background[0], 0.4, 0.15),
        },
      };
  const text = headlineBlock(
    minimalScene,
    { left: m, top: h * 0.35, width: w * 0.72 - m, height: h * 0.55 - m },
    { align: 'bottom', anchor: 'start', maxSize: unit(s) * 0.085 },
  );
  return { under, over: scrim(s, 'bottom') + text };
}

function boldLayout(s: Scene): Composition {
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
  return { under, over: scrim(s, 'full') + text };
}

function wavePath(s: Scene, baseY: number, amplitude: number, phase: number, periods: number): string {
  const { width: w, height: h } = s;
  const steps = 48;
  let d = `M0 ${r(h)}`;
  for (let i = 0; i <= steps; i++) {
    const x = (w * i) / steps;
    d += ` L${r(x)} ${r(baseY + Math.sin(phase + (i / steps) * Math.PI * 2 * periods) * amplitude)}`;
  }
  return `${d} L${w} ${r(h)} Z`;
}

function wavesLayout(s: Scene): Composition {
  const { palette: p, height: h } = s;
  const colours = [tint(p.accent, 0.8, 0.6), p.secondary, p.accent];
  const waves = colours
    .map((c, i) => {
      const path = wavePath(
        s,
        h * (0.58 + i * 0.12),
        unit(s) * (0.05 - i * 0.01),
        s.random() * Math.PI * 2,
        1 + s.random(),
      );
      return `<path d="${path}" fill="${c}" opacity="${0.55 + i * 0.2}"/>`;
    })
    .join('');
  const under = `<defs>${linearGradient('bg', p.background[0], p.background[1], 'vertical')}</defs>${fill(s, 'url(#bg)')}${waves}`;
  const m = margin(s);
  const text = headlineBlock(
    s,
    { left: m, top: m, width: s.width - 2 * m, height: h * 0.46 - m },
    { align: 'top', anchor: 'start', maxSize: unit(s) * 0.12 },
  );
  return { under, over: scrim(s, 'top') + text };
}

/** Light levels of the studio sweep: a dark colour asks for a dark room. */
function studioTones(p: Palette) {
  const base = p.background[0];
  if (lightness(base) < 0.3) {
    return {
      wall: [tint(base, 0.24, 0.5), tint(base, 0.14, 0.5)],
      floor: [tint(base, 0.1, 0.45), tint(base, 0.06, 0.4)],
      ink: '#ffffff',
      inkMuted: 'rgba(255,255,255,0.78)',
      shadow: 0.6,
    };
  }
  return {
    wall: [tint(base, 0.93, 0.35), tint(base, 0.8, 0.35)],
    floor: [tint(base, 0.74, 0.3), tint(base, 0.62, 0.3)],
    ink: tint(base, 0.14, 0.35),
    inkMuted: tint(base, 0.3, 0.2),
    shadow: 0.38,
  };
}

/** A studio sweep: wall, floor, a soft contact shadow, and a product (the input image or a podium with a sphere). */
function studioLayout(s: Scene): Composition {
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
  return { under: under + stand, over: text, product: s.photoBackground ? product : undefined };
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

/** Quotes sit on a calm paper: deep unless the prompt asked for something light. */
function quotePaper(p: Palette) {
  const base = p.background[0];
  if (lightness(base) > 0.7) {
    return {
      from: tint(base, 0.94, 0.4),
      to: tint(base, 0.86, 0.4),
      ink: tint(base, 0.14, 0.3),
      inkMuted: tint(base, 0.35, 0.2),
      mark: tint(p.accent, 0.55, 0.6),
    };
  }
  return {
    from: tint(base, 0.16, 0.45),
    to: tint(base, 0.09, 0.45),
    ink: '#fbfaf7',
    inkMuted: 'rgba(255,255,255,0.7)',
    mark: tint(p.accent, 0.66, 0.75),
  };
}

function quoteLayout(s: Scene): Composition {
  const { width: w, height: h } = s;
  const paper = quotePaper(s.palette);
  const quoteScene = { ...s, palette: { ...s.palette, ink: paper.ink, inkMuted: paper.inkMuted } };
  const m = margin(s) * 1.3;
  const under = `<defs>${linearGradient('bg', paper.from, paper.to, 'diagonal')}</defs>${fill(s, 'url(#bg)')}`;
  const markSize = unit(s) * 0.3;
  const mark = `<text x="${r(m)}" y="${r(m + markSize * 0.75)}" font-family="${SERIF}" font-size="${r(markSize)}" font-weight="bold" fill="${paper.mark}">“</text>`;
  const quote = s.headline
    ? fitText(
        s.headline,
        { width: w - 2 * m, height: h - 2 * m - markSize },
        { maxSize: unit(s) * 0.085, minSize: unit(s) * 0.03, maxLines: 9, lineHeight: 1.3 },
      )
    : undefined;
  let text = '';
  if (quote) {
    const top = m + markSize * 0.8 + (h - 2 * m - markSize - blockHeight(quote)) / 2;
    text = textSvg(quote, {
      x: m,
      y: top,
      anchor: 'start',
      fill: ink(quoteScene),
      family: SERIF,
      style: 'italic',
      weight: 'normal',
    });
    if (s.attribution) {
      const size = Math.round(quote.fontSize * 0.5);
      const y = top + blockHeight(quote) + size * 1.5;
      text += textSvg(
        { lines: [`— ${s.attribution}`], fontSize: size, lineHeight: 1.2 },
        { x: m, y, anchor: 'start', fill: inkMuted(quoteScene), letterSpacing: size * 0.05 },
      );
    }
  }
  return { under, over: scrim(s, 'full') + mark + text };
}
