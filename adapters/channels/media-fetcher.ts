import { safeFetch, isSafeFetchError } from '../http/safe-fetch';
import { IMAGE_FETCH_LIMIT_BYTES, VIDEO_AUDIO_FETCH_LIMIT_BYTES } from '../../core/limits';
import { PublishError } from './channel';

/** Downloads media a network cannot fetch by URL itself; through safe-fetch like every caller URL. */
export type MediaFetcher = (url: string, kind: 'image' | 'video') => Promise<Buffer>;

export function safeMediaFetcher(allowHosts: string[]): MediaFetcher {
  return async (url, kind) => {
    try {
      const res = await safeFetch(url, {
        timeoutMs: 120_000,
        maxBytes: kind === 'image' ? IMAGE_FETCH_LIMIT_BYTES : VIDEO_AUDIO_FETCH_LIMIT_BYTES,
        allowHosts,
        expect: [kind],
      });
      if (res.status < 200 || res.status >= 300)
        throw new PublishError('MEDIA_UNREACHABLE', `media URL answered HTTP ${res.status}`);
      return res.body;
    } catch (err) {
      if (isSafeFetchError(err)) throw new PublishError('MEDIA_UNREACHABLE', err.message, err.retryable);
      throw err;
    }
  };
}
