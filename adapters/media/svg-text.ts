import { TEXT_INPUT_MAX_LENGTH } from '../../core/limits';
import { graphemes, sliceGraphemes, xmlSafeText } from '../../core/text/graphemes';

/** Typography for SVG overlays: escaping, width estimates for DejaVu (the fonts on every host), word wrap. */

export const SANS = "'DejaVu Sans', sans-serif";
export const SERIF = "'DejaVu Serif', serif";

/** Markup escaped, and what XML 1.0 cannot carry dropped: librsvg refuses the whole SVG for one ESC. */
export function escapeXml(text: string): string {
  return xmlSafeText(text).replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

// Ideographs, kana, hangul and emoji are about one em wide.
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Extended_Pictographic}]/u;

/** Advance width of a string in em, for DejaVu Sans Bold; a little generous so text never overflows. */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const ch of text) {
    if (ch === ' ') width += 0.35;
    else if (WIDE.test(ch)) width += 1;
    else if ("iljtfr.,;:!|'’()[]".includes(ch)) width += 0.42;
    else if ('mwMW%@'.includes(ch)) width += 1.02;
    else if (ch >= 'A' && ch <= 'Z') width += 0.78;
    else if (ch >= '0' && ch <= '9') width += 0.7;
    else width += 0.66;
  }
  return width * 1.04;
}

/**
 * Greedy word wrap into lines no wider than maxEm. A word wider than a line makes it undefined, unless
 * `breakWords`: then the word is broken between graphemes over as many lines as it needs.
 */
export function wrapWords(
  text: string,
  maxEm: number,
  opts: { breakWords?: boolean } = {},
): string[] | undefined {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (textWidthEm(word) > maxEm) {
      if (!opts.breakWords) return undefined;
      const pieces = breakWord(word, maxEm);
      if (line) lines.push(line);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1];
      continue;
    }
    const candidate = line ? `${line} ${word}` : word;
    if (textWidthEm(candidate) <= maxEm) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A word cut into pieces no wider than maxEm (at least one grapheme each), never inside a grapheme. */
function breakWord(word: string, maxEm: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let width = 0;
  for (const g of graphemes(word)) {
    const w = textWidthEm(g);
    if (piece && width + w > maxEm) {
      pieces.push(piece);
      piece = '';
      width = 0;
    }
    piece += g;
    width += w;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
  lineHeight: number;
}

/**
 * The largest font size at which text fits a box:
 * 1. try sizes from maxSize down in 6% steps;
 * 2. at each size, wrap to the box width; accept when the lines fit its height and maxLines;
 * 3. at minSize, break words wider than a line, keep the first maxLines lines and end the last with an
 *    ellipsis.
 * Only the first TEXT_INPUT_MAX_LENGTH graphemes are laid out, and no line is wider than the box: the
 * rasteriser's work grows with the length of a line (a 102,400-character word held librsvg for over 16
 * minutes, issue 12 item 1), so it must never see more than fits.
 */
export function fitText(
  text: string,
  box: { width: number; height: number },
  opts: { maxSize: number; minSize: number; maxLines: number; lineHeight?: number; widthScale?: number },
): FittedText {
  const shown = sliceGraphemes(text, TEXT_INPUT_MAX_LENGTH);
  const lineHeight = opts.lineHeight ?? 1.15;
  const scale = opts.widthScale ?? 1;
  for (let size = opts.maxSize; size >= opts.minSize; size *= 0.94) {
    const lines = wrapWords(shown, box.width / (size * scale));
    if (lines && lines.length <= opts.maxLines && lines.length * size * lineHeight <= box.height) {
      return { lines, fontSize: Math.floor(size), lineHeight };
    }
  }
  const size = opts.minSize;
  const maxEm = box.width / (size * scale);
  const lines = wrapWords(shown, maxEm, { breakWords: true })!;
  const kept = lines.slice(0, opts.maxLines);
  if (lines.length > kept.length) kept[kept.length - 1] = withEllipsis(kept[kept.length - 1], maxEm);
  return { lines: kept, fontSize: Math.floor(size), lineHeight };
}

/** The line with its last word replaced by an ellipsis; a line of one broken word loses graphemes instead. */
function withEllipsis(line: string, maxEm: number): string {
  const cut = line.replace(/\s*\S*$/, '');
  if (cut) return `${cut}…`;
  const kept = graphemes(line);
  while (kept.length > 0 && textWidthEm(`${kept.join('')}…`) > maxEm) kept.pop();
  return `${kept.join('')}…`;
}

export interface TextBlock {
  x: number;
  /** Top of the first line. */
  y: number;
  anchor: 'start' | 'middle' | 'end';
  fill: string;
  family?: string;
  weight?: number | 'bold' | 'normal';
  style?: 'italic' | 'normal';
  letterSpacing?: number;
}

/** One <text> with a <tspan> per line; y is the top of the block, baselines follow the line height. */
export function textSvg(fitted: FittedText, block: TextBlock): string {
  const step = fitted.fontSize * fitted.lineHeight;
  const firstBaseline = block.y + fitted.fontSize * 0.93;
  const spans = fitted.lines
    .map(
      (line, i) => `<tspan x="${r(block.x)}" y="${r(firstBaseline + i * step)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const spacing = block.letterSpacing ? ` letter-spacing="${r(block.letterSpacing)}"` : '';
  return (
    `<text font-family="${block.family ?? SANS}" font-size="${fitted.fontSize}" font-weight="${block.weight ?? 'bold'}"` +
    ` font-style="${block.style ?? 'normal'}" fill="${block.fill}" text-anchor="${block.anchor}"${spacing}>${spans}</text>`
  );
}

export function blockHeight(fitted: FittedText): number {
  return fitted.lines.length * fitted.fontSize * fitted.lineHeight;
}

/** Rounds coordinates so that the SVG (and so the PNG) is byte-identical across runs. */
export const r = (v: number) => Math.round(v * 10) / 10;
