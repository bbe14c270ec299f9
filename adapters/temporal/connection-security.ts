import type { Config } from '../../core/config';

/** How a Temporal connection authenticates: nothing (a cluster's own network), TLS, or TLS with an API key. */
export interface ConnectionSecurity {
  tls?: true;
  apiKey?: string;
}

/**
 * TEMPORAL_API_KEY (Temporal Cloud, or a cluster that checks keys) implies TLS; TEMPORAL_TLS alone turns
 * TLS on with the system's CAs. Both SDK connections, the client's and the worker's, take the result.
 */
export function connectionSecurity(
  config: Pick<Config, 'TEMPORAL_TLS' | 'TEMPORAL_API_KEY'>,
): ConnectionSecurity {
  if (config.TEMPORAL_API_KEY) return { tls: true, apiKey: config.TEMPORAL_API_KEY };
  return config.TEMPORAL_TLS ? { tls: true } : {};
}
