import { FailureType } from '../../core/run/failure-types';

/** A provider refused the request itself (4xx): retrying cannot help. Recognised by name across processes. */
export class ProviderRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = FailureType.ProviderRejected;
  }
}

/** The provider failed for reasons of its own (5xx, 429, network): worth retrying. */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

/** Sends a request to a configured provider and sorts its failures into rejected vs unavailable. */
export async function providerFetch(request: ProviderRequest): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(request.url, {
      method: request.method ?? 'POST',
      headers: {
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (err) {
    throw new ProviderUnavailable(`provider unreachable: ${(err as Error).message}`);
  }
  if (res.ok) return res;
  const detail = (await res.text().catch(() => '')).slice(0, 300);
  const message = `provider answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`;
  if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)
    throw new ProviderRejected(message);
  throw new ProviderUnavailable(message);
}

export async function providerJson<T>(request: ProviderRequest): Promise<T> {
  const res = await providerFetch(request);
  try {
    return (await res.json()) as T;
  } catch {
    throw new ProviderUnavailable('provider answered with invalid JSON');
  }
}

/** Downloads a file a provider produced (its URL comes from the provider, not from a caller). */
export async function providerDownload(url: string, timeoutMs: number): Promise<Buffer> {
  const res = await providerFetch({ method: 'GET', url, headers: {}, timeoutMs });
  return Buffer.from(await res.arrayBuffer());
}
