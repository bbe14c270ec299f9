import type { Context, Middleware } from 'koa';
import { isMediaType } from '../adapters/http/media-kinds';
import type { Storage } from '../adapters/storage/storage';
import { assertStorageKey } from '../adapters/storage/keys';

const RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Stored files come from callers (transfer-asset) and share the API's origin: a page must never run as
 * that origin (issue 12 item 8, stored XSS). No sniffing, no script, no plugins, a sandboxed opaque origin.
 */
export const CDN_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy':
    "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
} as const;

/**
 * Serves the fs storage driver under /cdn/<key>: the stored Content-Type, one byte range (206/416),
 * immutable caching (keys never change content), HEAD. Keys outside the storage's rules, including
 * malformed percent-encoding, are 404. Every answer carries CDN_SECURITY_HEADERS, and a type outside the
 * documented media types (SVG, HTML, JSON, ...) is sent as an attachment, never rendered inline.
 */
export function cdn(options: { storage: Storage }): Middleware {
  return async function cdnMiddleware(ctx, next) {
    if (!ctx.path.startsWith('/cdn/') || !['GET', 'HEAD'].includes(ctx.method)) return next();
    ctx.set(CDN_SECURITY_HEADERS);
    const key = decodeKey(ctx.path.slice('/cdn/'.length));
    const stat = key !== null && isValidKey(key) ? await options.storage.stat(key) : null;
    if (key === null || !stat) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    if (!isMediaType(stat.mimeType)) setAttachment(ctx, key);
    ctx.set('Accept-Ranges', 'bytes');
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('Last-Modified', stat.lastModified.toUTCString());
    ctx.type = stat.mimeType;
    const range = parseRange(ctx.get('range'), stat.bytes);
    if (range === 'invalid') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${stat.bytes}`);
      return;
    }
    if (range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${stat.bytes}`);
      ctx.length = range.end - range.start + 1;
    } else {
      ctx.status = 200;
      ctx.length = stat.bytes;
    }
    if (ctx.method === 'HEAD') return;
    ctx.body = await options.storage.read(key, range ?? undefined);
  };
}

function parseRange(header: string, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = RANGE.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** The key from the path; null when its percent-encoding is malformed ("/cdn/%ZZ"): no object has that name. */
function decodeKey(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** Keys are [A-Za-z0-9._/-] only, so the file name needs no quoting beyond the quotes themselves. */
function setAttachment(ctx: Context, key: string): void {
  ctx.set('Content-Disposition', `attachment; filename="${key.slice(key.lastIndexOf('/') + 1)}"`);
}

function isValidKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}
