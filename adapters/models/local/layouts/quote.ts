import type { Palette } from '../palette-shape';
import { isDarkColour, lightness, tint } from '../palette';
import { blockHeight, fitText, r, SERIF, textSvg } from '../../../media/svg-text';
import { fill, fontFamily, ink, inkMuted, linearGradient, margin, scrim, unit } from './shared';
import type { Composition, Scene } from './types';

/** Quotes sit on a calm paper: deep unless the prompt asked for something light. */
function quotePaper(p: Palette) {
  const base = p.background[0];
  if (p.exact) {
    const dark = isDarkColour(base);
    return {
      from: base,
      to: p.background[1],
      ink: dark ? '#fbfaf7' : tint(base, 0.14, 0.3),
      inkMuted: dark ? 'rgba(255,255,255,0.7)' : tint(base, 0.35, 0.2),
      mark: dark ? tint(p.accent, 0.66, 0.75) : tint(p.accent, 0.55, 0.6),
    };
  }
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
    from: tint(base, 0.16, p.vivid ? 0.85 : 0.45),
    to: tint(base, 0.09, p.vivid ? 0.85 : 0.45),
    ink: '#fbfaf7',
    inkMuted: 'rgba(255,255,255,0.7)',
    mark: tint(p.accent, 0.66, 0.75),
  };
}

/**
 * A big quotation mark and the quote in italic serif, with its attribution below. Art direction may set the
 * type in sans or bold, scale it, drop the mark (minimal) and move the block up or down.
 */
export function quoteLayout(s: Scene): Composition {
  const { width: w, height: h } = s;
  const paper = quotePaper(s.palette);
  const quoteScene = { ...s, palette: { ...s.palette, ink: paper.ink, inkMuted: paper.inkMuted } };
  const m = margin(s) * 1.3;
  const under = `<defs>${linearGradient('bg', paper.from, paper.to, 'diagonal')}</defs>${fill(s, 'url(#bg)')}`;
  const markSize = s.type.decorated ? unit(s) * 0.3 : 0;
  const mark = s.type.decorated
    ? `<text x="${r(m)}" y="${r(m + markSize * 0.75)}" font-family="${SERIF}" font-size="${r(markSize)}" font-weight="bold" fill="${paper.mark}">“</text>`
    : '';
  const family = s.type.family ?? 'serif';
  const weight = s.type.weight ?? 'normal';
  const italic = family === 'serif';
  const quote = s.headline
    ? fitText(
        s.headline,
        { width: w - 2 * m, height: h - 2 * m - markSize - (s.attribution ? unit(s) * 0.1 : 0) },
        {
          maxSize: unit(s) * 0.085 * s.type.scale,
          minSize: unit(s) * 0.03,
          maxLines: 9,
          lineHeight: 1.3,
        },
      )
    : undefined;
  let text = '';
  if (quote) {
    const room = h - 2 * m - markSize - blockHeight(quote);
    const shift = s.type.placement === 'top' ? 0 : s.type.placement === 'bottom' ? room : room / 2;
    const top = m + markSize * 0.8 + shift;
    const anchor = s.type.align === 'middle' ? 'middle' : 'start';
    const x = anchor === 'middle' ? w / 2 : m;
    text = textSvg(quote, {
      x,
      y: top,
      anchor,
      fill: s.type.ink ?? ink(quoteScene),
      family: fontFamily(family),
      style: italic ? 'italic' : 'normal',
      weight,
    });
    s.drawn.push({ role: 'quote', lines: quote.lines, fontSize: quote.fontSize, family, weight, italic });
    if (s.attribution) {
      const size = Math.round(Math.max(quote.fontSize * 0.5, unit(s) * 0.025));
      const by = fitText(
        `— ${s.attribution}`,
        { width: w - 2 * m, height: size * 2.6 },
        { maxSize: size, minSize: size * 0.6, maxLines: 2, lineHeight: 1.2 },
      );
      const y = Math.min(top + blockHeight(quote) + size, h - m * 0.6 - blockHeight(by));
      text += textSvg(by, {
        x,
        y,
        anchor,
        fill: s.type.ink ?? inkMuted(quoteScene),
        letterSpacing: by.fontSize * 0.05,
      });
      s.drawn.push({
        role: 'attribution',
        lines: by.lines,
        fontSize: by.fontSize,
        family: 'sans',
        weight: 'bold',
        italic: false,
      });
    }
  }
  return { under, over: scrim(s, 'full') + mark + text, paper: [paper.from, paper.to] };
}
