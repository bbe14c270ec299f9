import { tint } from '../palette';
import { r } from '../../../media/svg-text';
import { fill, headlineBlock, linearGradient, margin, scrim, unit } from './shared';
import type { Composition, Scene } from './types';

/** A filled band under a sine line across the canvas, closed along the bottom edge. */
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

/** Three layered sine waves under a vertical gradient; the headline sits at the top. */
export function wavesLayout(s: Scene): Composition {
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
  return { under, over: scrim(s, 'top') + text, paper: [p.background[0], p.background[1]] };
}
