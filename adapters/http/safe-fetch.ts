import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AllowList } from './address-policy';
import { limitForMimeType, matchesKinds, mimeTypeOf, wrongKindReason, type MediaKind } from './media-kinds';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  MAX_REDIRECTS,
  openResponse,
  toSafeFetchError,
  type OpenResponse,
} from './open-response';
import { parseTargetUrl, resolveTarget } from './resolve-target';
import { isSafeFetchError, SafeFetchError, type SafeFetchErrorCode } from './safe-fetch-error';

export { SafeFetchError, isSafeFetchError, type SafeFetchErrorCode } from './safe-fetch-error';
export type { MediaKind } from './media-kinds';

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Total time for all hops and the body. */
  timeoutMs: number;
  /** Time to open each connection; defaults to the smaller of 10 s and timeoutMs. */
  connectTimeoutMs?: number;
  maxBytes: number;
  /** SAFE_FETCH_ALLOW_HOSTS: hosts, host:port, addresses or CIDRs that may be reached although not public. */
  allowHosts: readonly string[];
  /** Media kinds a 2xx response must have. */
  expect?: MediaKind[];
  /** Defaults to 5; 0 returns the 3xx itself. */
  maxRedirects?: number;
}

export interface SafeFetchResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The final URL, after redirects. */
  url: string;
  body: Buffer;
}

/** A small request to a caller-supplied URL. Any status is returned; only the checks throw. */
export function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  return withDeadline(options.timeoutMs, async (signal) => {
    const res = await open(url, options, signal);
    if (options.expect && isSuccess(res.status)) checkKind(res, options.expect);
    const body = await readLimited(res, options.maxBytes);
    return { status: res.status, headers: res.headers, url: res.url, body };
  });
}

export type SafeFetchToFileOptions = Omit<SafeFetchOptions, 'method' | 'body' | 'maxBytes'> & {
  /** Lowers the contract's limit (50 MiB images, 500 MiB video and audio), never raises it. */
  maxBytes?: number;
};

export interface FetchedFile {
  bytes: number;
  mimeType: string;
  sha256: string;
}

/** Streams a media download to `filePath`; a non-2xx status is an http_error and a failed download leaves no file. */
export function safeFetchToFile(
  url: string,
  filePath: string,
  options: SafeFetchToFileOptions,
): Promise<FetchedFile> {
  return withDeadline(options.timeoutMs, async (signal) => {
    const res = await open(url, { ...options, method: 'GET' }, signal);
    if (!isSuccess(res.status)) {
      res.stream.destroy();
      throw new SafeFetchError('http_error', `unreachable (HTTP ${res.status})`, { status: res.status });
    }
    if (options.expect) checkKind(res, options.expect);
    const mimeType = mimeTypeOf(res.headers['content-type']);
    const maxBytes = Math.min(options.maxBytes ?? Infinity, limitForMimeType(mimeType));
    checkDeclaredLength(res, maxBytes);
    const meter = new ByteMeter(maxBytes);
    try {
      await pipeline(res.stream, meter, createWriteStream(filePath), { signal });
    } catch (err) {
      await rm(filePath, { force: true });
      throw err;
    }
    return { bytes: meter.bytes, mimeType, sha256: meter.digest() };
  });
}

export type MediaCheck = { ok: true; mimeType: string; bytes?: number } | { ok: false; reason: string };

export interface CheckMediaUrlOptions {
  accept: MediaKind[];
  allowHosts: readonly string[];
  timeoutMs?: number;
}

export const MEDIA_CHECK_TIMEOUT_MS = 10_000;

/** Servers that only sign or route GET (S3 presigned URLs, some CDNs) refuse HEAD with one of these. */
const HEAD_REFUSED = new Set([403, 405, 501]);

/** Input validation for a media URL without downloading it: HEAD, or a one-byte ranged GET when HEAD is refused. */
export async function checkMediaUrl(url: string, options: CheckMediaUrlOptions): Promise<MediaCheck> {
  try {
    const head = await probe(url, 'HEAD', options);
    const res = HEAD_REFUSED.has(head.status) ? await probe(url, 'GET', options) : head;
    return judgeMedia(res, options.accept);
  } catch (err) {
    if (isSafeFetchError(err)) return { ok: false, reason: err.message };
    throw err;
  }
}

export type TargetCheck = { ok: true } | { ok: false; code: SafeFetchErrorCode; reason: string };

/**
 * What the first hop of a request to `url` would be refused for, without connecting: the scheme,
 * credentials in the URL, and the addresses its host resolves to (the policy every request applies).
 */
export async function checkUrlTarget(
  url: string,
  options: { allowHosts: readonly string[]; timeoutMs: number },
): Promise<TargetCheck> {
  try {
    await withDeadline(options.timeoutMs, (signal) =>
      resolveTarget(parseTargetUrl(url), new AllowList(options.allowHosts), signal),
    );
    return { ok: true };
  } catch (err) {
    if (isSafeFetchError(err)) return { ok: false, code: err.code, reason: err.message };
    throw err;
  }
}

type Probed = Pick<OpenResponse, 'status' | 'headers'>;

function probe(url: string, method: 'HEAD' | 'GET', options: CheckMediaUrlOptions): Promise<Probed> {
  const timeoutMs = options.timeoutMs ?? MEDIA_CHECK_TIMEOUT_MS;
  const headers: Record<string, string> = method === 'GET' ? { range: 'bytes=0-0' } : {};
  return withDeadline(timeoutMs, async (signal) => {
    const res = await open(url, { method, headers, timeoutMs, allowHosts: options.allowHosts }, signal);
    res.stream.destroy();
    return { status: res.status, headers: res.headers };
  });
}

function judgeMedia(res: Probed, accept: MediaKind[]): MediaCheck {
  if (!isSuccess(res.status)) return { ok: false, reason: `unreachable (HTTP ${res.status})` };
  const mimeType = mimeTypeOf(res.headers['content-type']);
  if (!matchesKinds(mimeType, accept)) return { ok: false, reason: wrongKindReason(mimeType, accept) };
  const bytes = totalBytes(res);
  if (bytes !== undefined && bytes > limitForMimeType(mimeType)) return { ok: false, reason: 'too large' };
  return { ok: true, mimeType, bytes };
}

/** The whole resource's size: the total of a Content-Range ("bytes 0-0/1234"), else Content-Length. */
function totalBytes(res: Probed): number | undefined {
  const range = /\/(\d+)\s*$/.exec(res.headers['content-range'] ?? '');
  if (res.status === 206) return range ? Number(range[1]) : undefined;
  const length = res.headers['content-length'];
  return length === undefined ? undefined : Number(length);
}

type OpenInput = Pick<
  SafeFetchOptions,
  'method' | 'headers' | 'body' | 'timeoutMs' | 'connectTimeoutMs' | 'allowHosts' | 'maxRedirects'
>;

function open(url: string, options: OpenInput, signal: AbortSignal): Promise<OpenResponse> {
  return openResponse(url, {
    method: (options.method ?? 'GET').toUpperCase(),
    headers: options.headers ?? {},
    body: options.body,
    allow: new AllowList(options.allowHosts),
    connectTimeoutMs: options.connectTimeoutMs ?? Math.min(DEFAULT_CONNECT_TIMEOUT_MS, options.timeoutMs),
    maxRedirects: options.maxRedirects ?? MAX_REDIRECTS,
    signal,
  });
}

/** One time limit over DNS, every hop and the body; whatever fails after it passed is reported as a timeout. */
async function withDeadline<T>(timeoutMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await work(controller.signal);
  } catch (err) {
    throw toSafeFetchError(err, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

function checkKind(res: OpenResponse, kinds: MediaKind[]): void {
  const mimeType = mimeTypeOf(res.headers['content-type']);
  if (matchesKinds(mimeType, kinds)) return;
  res.stream.destroy();
  throw new SafeFetchError('bad_content_type', wrongKindReason(mimeType, kinds));
}

const tooLarge = (maxBytes: number) => new SafeFetchError('too_large', `too large (limit ${maxBytes} bytes)`);

/** Refuses up front when Content-Length already says the body is too large. */
function checkDeclaredLength(res: OpenResponse, maxBytes: number): void {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.stream.destroy();
    throw tooLarge(maxBytes);
  }
}

async function readLimited(res: OpenResponse, maxBytes: number): Promise<Buffer> {
  checkDeclaredLength(res, maxBytes);
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of res.stream as Readable) {
    bytes += (chunk as Buffer).length;
    if (bytes > maxBytes) {
      res.stream.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Counts and hashes the bytes passing through, and fails the stream as soon as there are too many. */
class ByteMeter extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (err?: Error | null, data?: Buffer) => void,
  ): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(tooLarge(this.maxBytes));
    this.hash.update(chunk);
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
