import { FailureType } from '../../core/run/failure-types';

/** A provider refused the request itself (4xx): retrying cannot help. Recognised by name across processes. */
export class ProviderRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = FailureType.ProviderRejected;
  }
}

/** The provider failed for reasons of its own (5xx, 429, network): worth retrying, after `retryAfterMs` if it said. */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = FailureType.ProviderUnavailable;
  }
}

/** The provider answered with something that is not the media it was asked for (HTML, wrong type or size). */
export class ProviderBadOutput extends Error {
  constructor(message: string) {
    super(message);
    this.name = FailureType.ProviderBadOutput;
  }
}

export interface ProviderRequest {
  method?: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  /** JSON, or a multipart form (uploads). */
  body?: unknown;
  timeoutMs: number;
  /** The activity's cancellation. */
  signal?: AbortSignal;
}

/** Retry-After in milliseconds: delta seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Sends a request to a configured provider and sorts its failures into rejected vs unavailable. */
export async function providerFetch(request: ProviderRequest): Promise<Response> {
  const form = request.body instanceof FormData;
  const signals = [AbortSignal.timeout(request.timeoutMs), ...(request.signal ? [request.signal] : [])];
  let res: Response;
  try {
    res = await fetch(request.url, {
      method: request.method ?? 'POST',
      headers: {
        ...(request.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      body: form
        ? (request.body as FormData)
        : request.body !== undefined
          ? JSON.stringify(request.body)
          : undefined,
      signal: AbortSignal.any(signals),
    });
  } catch (err) {
    if (request.signal?.aborted) throw request.signal.reason ?? err;
    throw new ProviderUnavailable(`provider unreachable: ${(err as Error).message}`);
  }
  if (res.ok) return res;
  const detail = (await res.text().catch(() => '')).slice(0, 300);
  const message = `provider answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`;
  if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)
    throw new ProviderRejected(message);
  throw new ProviderUnavailable(message, retryAfterMs(res.headers.get('retry-after')));
}

export async function providerJson<T>(request: ProviderRequest): Promise<T> {
  const res = await providerFetch(request);
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    if (/^\s*</.test(text))
      throw new ProviderBadOutput(`provider answered an HTML page instead of JSON: ${text.slice(0, 120)}`);
    throw new ProviderUnavailable('provider answered with invalid JSON');
  }
}

/** A file a provider produced, with the type its server gave it. */
export interface ProviderFile {
  data: Buffer;
  contentType: string | null;
  /** The file's name at the provider, when it has one. */
  name?: string;
}

/**
 * Downloads a file a provider produced (its URL comes from the provider, not from a caller). A body shorter
 * than its Content-Length is a cut connection: retryable.
 */
export async function providerDownload(
  url: string,
  timeoutMs: number,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ProviderFile> {
  const res = await providerFetch({
    method: 'GET',
    url,
    headers: options.headers ?? {},
    timeoutMs,
    signal: options.signal,
  });
  const data = Buffer.from(await res.arrayBuffer());
  const length = Number(res.headers.get('content-length'));
  if (res.headers.get('content-length') !== null && Number.isFinite(length) && data.length < length)
    throw new ProviderUnavailable(
      `the download from the provider was cut: ${data.length} of ${length} bytes`,
    );
  return { data, contentType: res.headers.get('content-type') };
}

/** Waits `ms`, or rejects at once with the signal's reason when it is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A polling request that tolerates a provider's passing trouble: a 429 or 5xx is retried after the
 * provider's Retry-After (else `fallbackMs`), up to `attempts` times; a 4xx is final.
 */
export async function pollJson<T>(
  request: ProviderRequest,
  options: { attempts?: number; fallbackMs?: number; maxWaitMs?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await providerJson<T>(request);
    } catch (err) {
      if (!(err instanceof ProviderUnavailable) || attempt >= attempts) throw err;
      const wait = Math.min(
        err.retryAfterMs ?? options.fallbackMs ?? 1000 * attempt,
        options.maxWaitMs ?? 60_000,
      );
      await sleep(wait, request.signal);
    }
  }
}
