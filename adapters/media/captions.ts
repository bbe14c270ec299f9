import { chunkGraphemes, xmlSafeText } from '../../core/text/graphemes';

/** Caption timing estimated from text, and the styled ASS file that ffmpeg burns in. Pure functions. */

export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

export interface WordTiming {
  word: string;
  start: number;
  end: number;
}

export interface CueLimits {
  maxWords?: number;
  maxChars?: number;
}

// A longer word is shown in pieces: libass wraps only at spaces, so it would run off the frame.
const MAX_WORD_CHARS = 32;
// Extra weight, in characters, for the pause a speaker makes after punctuation.
const CLAUSE_PAUSE = 2;
const SENTENCE_PAUSE = 4;
const SENTENCE_END = /[.!?…]["')\]]*$/;
const CLAUSE_END = /[,;:\u2014-]["')\]]*$/;

/**
 * Estimates when each word is spoken across a measured duration:
 * 1. weigh each word by its characters plus one for the gap after it, plus a pause after punctuation;
 * 2. give each word a share of the duration proportional to its weight, in order.
 */
export function estimateWordTimings(text: string, durationSeconds: number): WordTiming[] {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => chunkGraphemes(word, MAX_WORD_CHARS));
  const weights = words.map((word) => word.length + 1 + pauseAfter(word));
  const total = weights.reduce((sum, w) => sum + w, 0);
  let elapsed = 0;
  return words.map((word, i) => {
    const start = (elapsed / total) * durationSeconds;
    elapsed += weights[i];
    const end = ((elapsed - pauseAfter(word)) / total) * durationSeconds;
    return { word, start: round(start), end: round(end) };
  });
}

function pauseAfter(word: string): number {
  if (SENTENCE_END.test(word)) return SENTENCE_PAUSE;
  return CLAUSE_END.test(word) ? CLAUSE_PAUSE : 0;
}

/** Groups words into cues of a few words each, never across a sentence end. */
export function groupIntoCues(words: WordTiming[], limits: CueLimits = {}): CaptionCue[] {
  const { maxWords = 6, maxChars = 32 } = limits;
  const cues: CaptionCue[] = [];
  let current: WordTiming[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const text = current.map((w) => w.word).join(' ');
    cues.push({ start: current[0].start, end: current[current.length - 1].end, text });
    current = [];
  };
  for (const word of words) {
    const length = [...current, word].map((w) => w.word).join(' ').length;
    if (current.length >= maxWords || (current.length > 0 && length > maxChars)) flush();
    current.push(word);
    if (SENTENCE_END.test(word.word)) flush();
  }
  flush();
  return cues;
}

/** Caption cues for a narration whose audio lasts `durationSeconds`. */
export function estimateCaptionCues(text: string, durationSeconds: number, limits?: CueLimits): CaptionCue[] {
  return groupIntoCues(estimateWordTimings(text, durationSeconds), limits);
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

export interface CaptionStyle {
  width: number;
  height: number;
  fontName?: string;
}

/**
 * An ASS document with one bottom-centred style sized from the frame: PlayRes equals the video size,
 * so sizes are pixels; the font scales with the short side so 9:16 and 16:9 read the same.
 */
export function toAss(cues: CaptionCue[], { width, height, fontName = 'DejaVu Sans' }: CaptionStyle): string {
  const fontSize = Math.round(Math.min(width, height) * 0.062);
  const outline = Math.max(2, Math.round(fontSize * 0.09));
  const marginV = Math.round(height * 0.1);
  const marginH = Math.round(width * 0.08);
  // Field order of the ASS v4+ Style line; colours are &HAABBGGRR.
  const style: [string, string | number][] = [
    ['Name', 'Caption'],
    ['Fontname', fontName],
    ['Fontsize', fontSize],
    ['PrimaryColour', '&H00FFFFFF'],
    ['SecondaryColour', '&H000000FF'],
    ['OutlineColour', '&H00000000'],
    ['BackColour', '&H96000000'],
    ['Bold', -1],
    ['Italic', 0],
    ['Underline', 0],
    ['StrikeOut', 0],
    ['ScaleX', 100],
    ['ScaleY', 100],
    ['Spacing', 0],
    ['Angle', 0],
    ['BorderStyle', 1],
    ['Outline', outline],
    ['Shadow', Math.round(outline / 2)],
    ['Alignment', 2], // bottom centre
    ['MarginL', marginH],
    ['MarginR', marginH],
    ['MarginV', marginV],
    ['Encoding', 1],
  ];
  const events = cues.map(
    (cue) => `Dialogue: 0,${assTime(cue.start)},${assTime(cue.end)},Caption,,0,0,0,,${assText(cue.text)}`,
  );
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    `Format: ${style.map(([field]) => field).join(', ')}`,
    `Style: ${style.map(([, value]) => value).join(',')}`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}

export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${h}:${pad(m)}:${pad(s)}.${pad(cs % 100)}`;
}

/**
 * ASS has no escape for braces (override blocks) or backslashes (\N, \h): replace them; keep line breaks.
 * Controls and lone surrogates are dropped as for XML: libass would draw them as boxes.
 */
export function assText(text: string): string {
  return xmlSafeText(text)
    .replace(/\\/g, '/')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(/\r?\n/g, '\\N');
}
