import type { ValidationDetail } from './types';

/** An error answer of /v1 (the error envelope), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ValidationDetail[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Listener = (error: ApiError) => void;
let unauthorized: Listener = () => undefined;

/** What happens when the key stops working (revoked): the app signs out, saying why. */
export function onUnauthorized(listener: Listener): void {
  unauthorized = listener;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `/v1${path}${qs ? `?${qs}` : ''}`;
}

/** Calls /v1 with the key; answers the whole JSON body. */
export async function request<T = unknown>(
  key: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: {
        'x-api-key': key,
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'The API did not answer: is Atelier running?');
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const envelope = (json ?? {}) as { error?: string; code?: string; details?: ValidationDetail[] };
    const error = new ApiError(
      res.status,
      envelope.code ?? `HTTP_${res.status}`,
      envelope.error ?? (text.slice(0, 200) || res.statusText),
      Array.isArray(envelope.details) ? envelope.details : [],
    );
    if (res.status === 401) unauthorized(error);
    throw error;
  }
  return json as T;
}

/** The `data` of an answer. */
export async function getData<T>(key: string, path: string, options?: RequestOptions): Promise<T> {
  return (await request<{ data: T }>(key, path, options)).data;
}

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return (err as Error)?.message ?? String(err);
}
