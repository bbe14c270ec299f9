import type { Palette } from '../palette';
import { lightness, tint } from '../palette';
import { blockHeight, fitText, r, SERIF, textSvg } from '../../../media/svg-text';
import { fill, ink, inkMuted, linearGradient, margin, scrim, unit } from './shared';
import type { Composition, Scene } from './types';

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

/** A big quotation mark and the quote in italic serif, with its attribution below. */
export function quoteLayout(s: Scene): Composition {
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
