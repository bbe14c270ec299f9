/** A connected social account as adapters need it: the platform's ids and a usable token. */
export interface ConnectedChannel {
  id: string;
  platform: Platform;
  externalId: string;
  username: string | null;
  instagramId: string | null;
  accessToken: string;
}

export const PLATFORMS = ['facebook', 'instagram', 'linkedin', 'x'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface PostContent {
  imageUrl?: string;
  videoUrl?: string;
  caption?: string;
}

export interface PublishedPost {
  postId: string;
  postUrl: string;
}

/** A network refused the post; `code` is stable for callers, `retryable` says whether a retry can help. */
export class PublishError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}

/** One social network's publishing protocol. */
export interface ChannelAdapter {
  publish(channel: ConnectedChannel, content: PostContent): Promise<PublishedPost>;
}

/** Calls a network's JSON API and maps its failures to PublishErrors. */
export async function networkJson<T>(url: string, init: RequestInit & { timeoutMs?: number }): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 60_000) });
  } catch (err) {
    throw new PublishError('NETWORK_UNREACHABLE', `network unreachable: ${(err as Error).message}`, true);
  }
  const text = await res.text();
  const body = text ? safeJson(text) : {};
  if (res.ok) return body as T;
  const message = errorMessage(body) ?? `HTTP ${res.status}`;
  if (res.status === 401 || res.status === 403) throw new PublishError('CHANNEL_AUTH_FAILED', message);
  if (res.status === 429) throw new PublishError('RATE_LIMITED', message, true);
  if (res.status >= 500) throw new PublishError('NETWORK_ERROR', message, true);
  throw new PublishError('POST_REJECTED', message);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 300) };
  }
}

function errorMessage(body: unknown): string | undefined {
  const b = body as {
    error?: { message?: string } | string;
    message?: string;
    detail?: string;
    title?: string;
  };
  if (typeof b?.error === 'object') return b.error?.message;
  return (typeof b?.error === 'string' ? b.error : undefined) ?? b?.message ?? b?.detail ?? b?.title;
}
