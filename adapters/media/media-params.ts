import { rm } from 'node:fs/promises';
import { MediaInputError } from './media-errors';
import { makeMediaTempDir } from './temp-dirs';

/** Checks of caller-supplied values that end up inside ffmpeg filter graphs, and a scratch folder. */

export const MAX_DIMENSION = 4096;
export const MAX_SECONDS = 600;

/** yuv420p needs even dimensions. */
export function assertSize(width: number, height: number): void {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 16 || value > MAX_DIMENSION || value % 2 !== 0) {
      throw new MediaInputError(`${name} must be an even integer from 16 to ${MAX_DIMENSION}, got ${value}`);
    }
  }
}

export function assertSeconds(seconds: number, what = 'seconds'): void {
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_SECONDS) {
    throw new MediaInputError(`${what} must be between 0 and ${MAX_SECONDS}, got ${seconds}`);
  }
}

const HEX_COLOR = /^#?([0-9a-f]{6}|[0-9a-f]{8})$/i;
const NAMED_COLOR = /^[a-z]{3,20}$/i;

/**
 * A colour for ffmpeg: `#rrggbb`, `#rrggbbaa` or a plain name (`white`). Anything else is refused,
 * because the value is pasted into a filter graph where `:` `,` `;` `[` would change its meaning.
 */
export function ffmpegColor(color: string): string {
  const hex = HEX_COLOR.exec(color);
  if (hex) return `0x${hex[1]}`;
  if (NAMED_COLOR.test(color)) return color.toLowerCase();
  throw new MediaInputError(`invalid colour: ${color}`);
}

const SAFE_PATH = /^[\w./-]+$/;

/** Paths we put inside filter options (textfile=, subtitles=) must need no escaping. */
export function filterPath(path: string): string {
  if (!SAFE_PATH.test(path)) throw new Error(`path is not safe inside a filter graph: ${path}`);
  return path;
}

/** A scratch folder for `fn`, removed after it; one a killed worker leaves is swept at the next start. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await makeMediaTempDir();
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}
