import type { Middleware } from 'koa';
import type { Storage } from '../adapters/storage/storage';
import { assertStorageKey } from '../adapters/storage/keys';

const RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Serves the fs storage driver under /cdn/<key>: the stored Content-Type, one byte range (206/416),
 * immutable caching (keys never change content), HEAD. Keys outside the storage's rules are 404.
 */
export function cdn(options: { storage: Storage }): Middleware {
  return async function cdnMiddleware(ctx, next) {
    if (!ctx.path.startsWith('/cdn/') || !['GET', 'HEAD'].includes(ctx.method)) return next();
    const key = decodeURIComponent(ctx.path.slice('/cdn/'.length));
    const stat = isValidKey(key) ? await options.storage.stat(key) : null;
    if (!stat) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
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

function isValidKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}
