import type { FittedText } from './drawtext';
import { estimateLineWidth } from './drawtext';
import { graphemes } from '../../core/text/graphemes';

export type TextAnimation = 'fade' | 'slide-up' | 'typewriter';

/** What one drawtext filter shows: a text, where, and drawtext expressions for its animation. */
export interface TextLayer {
  text: string;
  x: string;
  y: string;
  alpha?: string;
  enable?: string;
}

export interface Frame {
  width: number;
  height: number;
  seconds: number;
}

// At most this many typing steps per clip: each step is one drawtext filter.
const MAX_TYPE_STEPS = 80;
const SECONDS_PER_CHAR = 0.06;

/** Lay out a fitted block of text vertically centred and animate it. */
export function textLayers(fitted: FittedText, animation: TextAnimation, frame: Frame): TextLayer[] {
  if (animation === 'typewriter') return typewriterLayers(fitted, frame);
  const top = (frame.height - fitted.lines.length * fitted.lineHeight) / 2;
  const s = frame.seconds;
  const fade = Math.min(0.6, s / 4);
  return fitted.lines.map((text, i) => {
    const y = Math.round(top + i * fitted.lineHeight);
    if (animation === 'fade') {
      return {
        text,
        x: '(w-text_w)/2',
        y: String(y),
        alpha: `if(lt(t,${fade}),t/${fade},min(1,(${s}-t)/${fade}))`,
      };
    }
    // slide-up: ease-out cubic from 8% of the height below, lines a little staggered.
    const start = (i * 0.08).toFixed(2);
    const travel = Math.round(frame.height * 0.08);
    const p = `min(1,max(0,(t-${start})/0.7))`;
    return { text, x: '(w-text_w)/2', y: `${y}+${travel}*pow(1-${p},3)`, alpha: p };
  });
}

/**
 * Typewriter: drawtext cannot cut a string by time, so each typed prefix of each line is its own
 * layer, enabled only while it is the newest. Lines are left-aligned (typing grows rightwards) in a
 * block centred by its estimated width.
 */
function typewriterLayers({ lines, fontSize, lineHeight }: FittedText, frame: Frame): TextLayer[] {
  // Typed a grapheme at a time: a prefix cut by code units could end in half an emoji.
  const typed = lines.map(graphemes);
  const totalChars = typed.reduce((sum, line) => sum + line.length, 0);
  const step = Math.max(1, Math.ceil(totalChars / MAX_TYPE_STEPS));
  const perChar = Math.min(SECONDS_PER_CHAR, (frame.seconds * 0.7) / totalChars);
  const widest = Math.max(...lines.map((line) => estimateLineWidth(line, fontSize)));
  const x = String(Math.max(0, Math.round((frame.width - widest) / 2)));
  const top = (frame.height - lines.length * lineHeight) / 2;
  const layers: TextLayer[] = [];
  let typedBefore = 0;
  typed.forEach((line, i) => {
    const y = String(Math.round(top + i * lineHeight));
    for (let shown = 0; shown < line.length;) {
      const from = (typedBefore + shown) * perChar;
      shown = Math.min(line.length, shown + step);
      const until = (typedBefore + shown) * perChar;
      const enable =
        shown === line.length
          ? `gte(t,${from.toFixed(3)})`
          : `gte(t,${from.toFixed(3)})*lt(t,${until.toFixed(3)})`;
      layers.push({ text: line.slice(0, shown).join(''), x, y, enable });
    }
    typedBefore += line.length;
  });
  return layers;
}
