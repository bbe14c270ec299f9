import { performance } from 'node:perf_hooks';
import type { EventBus } from '../adapters/events/bus';

const TERMINAL = ['completed', 'failed', 'cancelled'];

/** Nearest-rank percentile; NaN for no samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Wraps the bus so the moment each run is first published terminal is known (the bus is how /wait and
 * SSE learn it).
 */
export function timedBus(bus: EventBus, terminalAt: Map<string, number>): EventBus {
  return {
    ...bus,
    publish(event) {
      if (event.kind === 'run' && TERMINAL.includes(event.status) && !terminalAt.has(event.runId))
        terminalAt.set(event.runId, performance.now());
      return bus.publish(event);
    },
  };
}
