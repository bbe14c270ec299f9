import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TEXT_INPUT_MAX_LENGTH } from '../../core/limits';
import { chunkGraphemes, exceedsGraphemes, xmlSafeText } from '../../core/text/graphemes';
import { MediaInputError } from './media-errors';
import { filterPath } from './media-params';

/**
 * Text for ffmpeg's drawtext: the font, line wrapping, and one filter per line. Text always goes
 * through textfile= so that no caller text is ever escaped into a filter graph.
 */

export const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
export const FONT_FILE = `${FONT_DIR}/DejaVuSans-Bold.ttf`;

// A generous average advance of DejaVu Sans Bold, in em (digits and capitals are wide): wrap without measuring.
const CHAR_WIDTH_EM = 0.68;
const LINE_HEIGHT_EM = 1.25;
const MIN_FONT_SIZE = 12;

/** The font option: the DejaVu file installed by setup (fonts-dejavu-core), else fontconfig's sans. */
export function fontOption(): string {
  return existsSync(FONT_FILE) ? `fontfile=${FONT_FILE}` : 'font=Sans';
}

/** Greedy word wrap; a word longer than a line is cut between graphemes. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      for (const piece of chunkGraphemes(word, maxChars)) {
        if (line && line.length + 1 + piece.length > maxChars) {
          lines.push(line);
          line = piece;
        } else {
          line = line ? `${line} ${piece}` : piece;
        }
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
  lineHeight: number;
}

/**
 * The largest font size up to `maxFontSize` at which the wrapped text fits the box. Text longer than
 * TEXT_INPUT_MAX_LENGTH is refused before any wrapping, so the work stays bounded.
 */
export function fitText(text: string, boxWidth: number, boxHeight: number, maxFontSize: number): FittedText {
  if (!/\S/.test(text)) throw new MediaInputError('text is empty');
  if (exceedsGraphemes(text, TEXT_INPUT_MAX_LENGTH))
    throw new MediaInputError('text is too long to fit the frame');
  for (
    let fontSize = Math.round(maxFontSize);
    fontSize >= MIN_FONT_SIZE;
    fontSize = Math.floor(fontSize * 0.9)
  ) {
    const lines = wrapText(text, Math.max(1, Math.floor(boxWidth / (fontSize * CHAR_WIDTH_EM))));
    const lineHeight = Math.round(fontSize * LINE_HEIGHT_EM);
    if (lines.length * lineHeight <= boxHeight) return { lines, fontSize, lineHeight };
  }
  throw new MediaInputError('text is too long to fit the frame');
}

/** Estimated pixel width of a line, to left-align a block of lines around the centre. */
export function estimateLineWidth(line: string, fontSize: number): number {
  return line.length * fontSize * CHAR_WIDTH_EM;
}

/** Writes each text to its own file in `dir`, returning the paths in order; controls are dropped, not drawn as boxes. */
export async function writeTextFiles(dir: string, prefix: string, texts: string[]): Promise<string[]> {
  return Promise.all(
    texts.map(async (text, i) => {
      const path = filterPath(join(dir, `${prefix}-${i}.txt`));
      await writeFile(path, xmlSafeText(text));
      return path;
    }),
  );
}

export interface DrawtextOptions {
  textFile: string;
  fontSize: number;
  x: string;
  y: string;
  color?: string;
  alpha?: string;
  enable?: string;
}

/** One drawtext filter; expressions are single-quoted so their commas stay inside the option. */
export function drawtext({
  textFile,
  fontSize,
  x,
  y,
  color = 'white',
  alpha,
  enable,
}: DrawtextOptions): string {
  const shadow = Math.max(1, Math.round(fontSize / 24));
  const options = [
    fontOption(),
    `textfile=${filterPath(textFile)}`,
    // Caller text is literal: no %{...} expansion, no backslash escapes.
    'expansion=none',
    `fontsize=${fontSize}`,
    `fontcolor=${color}`,
    `shadowcolor=black@0.45`,
    `shadowx=${shadow}`,
    `shadowy=${shadow}`,
    `x='${x}'`,
    `y='${y}'`,
    ...(alpha ? [`alpha='${alpha}'`] : []),
    ...(enable ? [`enable='${enable}'`] : []),
  ];
  return `drawtext=${options.join(':')}`;
}
