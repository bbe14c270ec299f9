import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { AllowList } from './address-policy';
import { parseTargetUrl, pinnedLookup, resolveTarget, type CheckedTarget } from './resolve-target';
import { isSafeFetchError, SafeFetchError } from './safe-fetch-error';

export const MAX_REDIRECTS = 5;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export interface OpenOptions {
  method: string;
  headers: OutgoingHttpHeaders;
  body?: string | Buffer;
  allow: AllowList;
  connectTimeoutMs: number;
  /** 0 returns a 3xx as it is (webhook delivery treats it as a failed attempt); past the limit is an http_error. */
  maxRedirects: number;
  /** Aborted when the total time limit passes; the caller owns it so that it also covers reading the body. */
  signal: AbortSignal;
}

export interface OpenResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The final URL, after redirects. */
  url: string;
  stream: IncomingMessage;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/** Sends the request and follows redirects by hand, checking every hop's URL and addresses again. */
export async function openResponse(input: string, options: OpenOptions): Promise<OpenResponse> {
  let url = parseTargetUrl(input);
  let request: RequestParts = { method: options.method, headers: { ...options.headers }, body: options.body };
  for (let hop = 0; ; hop++) {
    const target = await resolveTarget(url, options.allow, options.signal);
    const res = await send(target, request, options);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode ?? 0) || !location || options.maxRedirects === 0) {
      return { status: res.statusCode ?? 0, headers: res.headers, url: url.href, stream: res };
    }
    res.destroy();
    if (hop >= options.maxRedirects)
      throw new SafeFetchError('http_error', 'too many redirects', { status: res.statusCode });
    const next = parseTargetUrl(location, url);
    request = redirected(request, res.statusCode ?? 0, url.origin !== next.origin);
    url = next;
  }
}

type RequestParts = { method: string; headers: OutgoingHttpHeaders; body?: string | Buffer };

/** 303, and 301/302 after a POST, turn into a body-less GET (as browsers do); credentials never follow to another origin. */
function redirected(request: RequestParts, status: number, crossOrigin: boolean): RequestParts {
  const headers = crossOrigin ? without(request.headers, CREDENTIAL_HEADERS) : request.headers;
  const post = request.method === 'POST';
  const toGet = status === 303 ? request.method !== 'HEAD' : post && (status === 301 || status === 302);
  if (!toGet) return { ...request, headers };
  return { method: 'GET', headers: without(headers, ['content-type', 'content-length', 'content-encoding']) };
}

function without(headers: OutgoingHttpHeaders, names: string[]): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())));
}

function send(target: CheckedTarget, request: RequestParts, options: OpenOptions): Promise<IncomingMessage> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: target.url.protocol,
        host: target.host,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        method: request.method,
        headers: request.headers,
        lookup: pinnedLookup(target.addresses),
        // A pooled socket would skip the pinned lookup; one connection per request keeps the check exact.
        agent: false,
        signal: options.signal,
      },
      resolve,
    );
    req.on('error', (err) => reject(toSafeFetchError(err, options.signal)));
    req.on('socket', (socket) => limitConnectTime(socket, req, options.connectTimeoutMs));
    req.end(request.body);
  });
}

function limitConnectTime(socket: Socket, req: http.ClientRequest, timeoutMs: number): void {
  const timer = setTimeout(
    () => req.destroy(new SafeFetchError('timeout', 'timed out (connect)')),
    timeoutMs,
  );
  const clear = () => clearTimeout(timer);
  socket.once('connect', clear);
  socket.once('close', clear);
}

/** Maps what node:http throws to a SafeFetchError; an abort by the caller's deadline is a timeout. */
export function toSafeFetchError(err: unknown, signal: AbortSignal): SafeFetchError {
  if (isSafeFetchError(err)) return err;
  if (signal.aborted) return new SafeFetchError('timeout', 'timed out', { cause: err });
  return new SafeFetchError('network', 'unreachable', { cause: err });
}
