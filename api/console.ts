import { stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, Middleware } from 'koa';

/** Where `npm run setup` builds the console (console/, Vite): static files, no server of their own. */
export const CONSOLE_DIST_DIR = join(__dirname, '..', 'console', 'dist');

const PREFIX = '/console';

/**
 * The console is a page of the API's own origin that holds an API key: nothing else may frame it or
 * run script in it. Media come from the CDN (this origin or an S3 host), hence img/media from http(s).
 */
export const CONSOLE_SECURITY_HEADERS = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' blob: http: https:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
} as const;

/**
 * Serves the built console under /console/ (no API key: the page asks for one and keeps it in the
 * browser session).
 * 1. `/console` redirects to `/console/`; `/` redirects there too when a browser asks for a page.
 * 2. A file of the build is sent as it is: hashed files under `assets/` are cached for a year, the rest
 *    is revalidated (`no-cache`, with Last-Modified and ETag, 304 when unchanged).
 * 3. Any other path without a file extension is a route of the single-page app: index.html.
 *    A missing file with an extension (`/console/assets/gone.js`) is 404, never HTML.
 * 4. Without a build: 503 saying how to make one.
 */
export function consoleStatic(options: { dir: string }): Middleware {
  const root = resolve(options.dir);
  return async function consoleMiddleware(ctx, next) {
    if (!['GET', 'HEAD'].includes(ctx.method)) return next();
    if (ctx.path === '/' && ctx.accepts('html') === 'html' && ctx.get('accept').includes('text/html'))
      return ctx.redirect(`${PREFIX}/`);
    if (ctx.path === PREFIX) return ctx.redirect(`${PREFIX}/${ctx.querystring ? `?${ctx.querystring}` : ''}`);
    if (!ctx.path.startsWith(`${PREFIX}/`)) return next();
    ctx.set(CONSOLE_SECURITY_HEADERS);
    const relative = safeRelative(ctx.path.slice(PREFIX.length + 1));
    if (relative === null) return notFound(ctx);
    const file = relative ? await regularFile(root, relative) : null;
    if (file) return send(ctx, file, relative.startsWith('assets/'));
    if (extname(relative)) return notFound(ctx);
    const index = await regularFile(root, 'index.html');
    if (!index) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The console is not built yet: run `npm run setup` (it builds console/ into console/dist).';
      return;
    }
    return send(ctx, index, false);
  };
}

/** The decoded path below /console/, or null when it is malformed or climbs out (`..`, NUL, backslash). */
function safeRelative(encoded: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const parts = decoded.split('/').filter((p) => p !== '');
  if (parts.some((p) => p === '..' || p === '.')) return null;
  return parts.join('/');
}

async function regularFile(root: string, relative: string) {
  const path = resolve(root, relative);
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size, mtime: info.mtime } : null;
  } catch {
    return null;
  }
}

function send(ctx: Context, file: { path: string; size: number; mtime: Date }, immutable: boolean): void {
  ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.set('Last-Modified', file.mtime.toUTCString());
  ctx.set('ETag', `W/"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`);
  ctx.type = extname(file.path) || 'application/octet-stream';
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.length = file.size;
  if (ctx.method === 'HEAD') return;
  ctx.body = createReadStream(file.path);
}

function notFound(ctx: Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain';
  ctx.body = 'Not found';
}
