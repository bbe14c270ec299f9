import { validationError } from '../../core/errors';

export const STORAGE_KEY_MAX_LENGTH = 512;

const KEY_PATTERN = /^[A-Za-z0-9._/-]+$/;

/**
 * A key is a relative path of safe segments: only [A-Za-z0-9._/-], no empty, `.` or `..` segments,
 * and no segment starting with a dot (the fs driver keeps its own files under dot folders).
 */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) {
    throw validationError([
      { param: 'key', code: 'invalid_storage_key', message: `Invalid storage key: ${JSON.stringify(key)}` },
    ]);
  }
}

export function isStorageKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= STORAGE_KEY_MAX_LENGTH &&
    KEY_PATTERN.test(key) &&
    key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.'))
  );
}

/**
 * The key of `url` when it lies under `base` (the public base a storage serves its keys from), else null.
 * Origins compare as URLs do (scheme and host case, default ports); the path is percent-decoded.
 */
export function keyUnder(base: string, url: string): string | null {
  let target: URL;
  let root: URL;
  try {
    target = new URL(url);
    root = new URL(base.endsWith('/') ? base : `${base}/`);
  } catch {
    return null;
  }
  if (target.origin !== root.origin || !target.pathname.startsWith(root.pathname)) return null;
  try {
    const key = decodeURIComponent(target.pathname.slice(root.pathname.length));
    return isStorageKey(key) ? key : null;
  } catch {
    return null;
  }
}

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  ass: 'text/x-ssa',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
};

export function mimeTypeFromKey(key: string): string {
  const extension = key.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return (extension && MIME_BY_EXTENSION[extension]) || 'application/octet-stream';
}

/** The inclusive range clamped to an object of `size` bytes; RangeError when nothing of it exists. */
export function clampRange(
  range: { start: number; end: number },
  size: number,
): { start: number; end: number } {
  const end = Math.min(range.end, size - 1);
  if (!Number.isInteger(range.start) || range.start < 0 || range.start > end) {
    throw new RangeError(`Range ${range.start}-${range.end} not satisfiable for ${size} bytes`);
  }
  return { start: range.start, end };
}
