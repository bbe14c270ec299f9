import type { Config } from '../../core/config';
import type { ChannelAdapter, Platform } from './channel';
import { createTokenCipher, type TokenCipher } from './token-cipher';
import { channelTokenKey } from './token-key';
import { facebookAdapter } from './facebook';
import { instagramAdapter } from './instagram';
import { linkedinAdapter } from './linkedin';
import { safeMediaFetcher } from './media-fetcher';
import { xAdapter } from './x';

export interface ChannelEndpoints {
  facebookGraphUrl: string;
  linkedinApiUrl: string;
  xApiUrl: string;
  allowHosts: string[];
  pollMs?: number;
}

/** One adapter per network; endpoints are configurable so tests (and proxies) can stand in. */
export function createChannelAdapters(endpoints: ChannelEndpoints): Record<Platform, ChannelAdapter> {
  const fetchMedia = safeMediaFetcher(endpoints.allowHosts);
  return {
    facebook: facebookAdapter(endpoints.facebookGraphUrl),
    instagram: instagramAdapter(endpoints.facebookGraphUrl, { pollMs: endpoints.pollMs }),
    linkedin: linkedinAdapter(endpoints.linkedinApiUrl, fetchMedia),
    x: xAdapter(endpoints.xApiUrl, fetchMedia, { pollMs: endpoints.pollMs }),
  };
}

/** What publishing needs: one adapter per network and the cipher of the stored channel tokens. */
export interface Publishing {
  adapters: Record<Platform, ChannelAdapter>;
  cipher: TokenCipher;
}

/** Adapters and the token cipher, from the configuration. */
export function createPublishing(config: Config, options: { pollMs?: number } = {}): Publishing {
  return {
    adapters: createChannelAdapters({
      facebookGraphUrl: config.FACEBOOK_GRAPH_URL,
      linkedinApiUrl: config.LINKEDIN_API_URL,
      xApiUrl: config.X_API_URL,
      allowHosts: config.SAFE_FETCH_ALLOW_HOSTS,
      pollMs: options.pollMs,
    }),
    cipher: createTokenCipher(channelTokenKey(config.CHANNEL_TOKEN_KEY, config.ATELIER_DATA_DIR)),
  };
}
