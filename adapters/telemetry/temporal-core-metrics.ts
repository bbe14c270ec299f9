import type { ExpositionSource } from './metrics';

/** A scrape waits this long for the worker runtime's exporter, then goes on without its series. */
const CORE_SCRAPE_TIMEOUT_MS = 2000;

/**
 * The Temporal worker runtime's own metrics (`temporal_*`: task slots, schedule-to-start latencies, sticky
 * cache ...), read from the Prometheus exporter Temporal Core serves at `address` (host:port, loopback), so
 * that one scrape of Atelier's /metrics returns them too.
 */
export function temporalCoreMetrics(address: string): ExpositionSource {
  return async () => {
    const res = await fetch(`http://${address}/metrics`, {
      signal: AbortSignal.timeout(CORE_SCRAPE_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`Temporal runtime metrics answered ${res.status}`);
    return res.text();
  };
}
