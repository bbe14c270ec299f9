import type { EventBus, RunEvent } from '../events/bus';
import type { Metrics } from './metrics';

/**
 * The bus, with its lag measured: every published event carries `publishedAt`, and the time until it
 * reaches this process's subscribers is observed once per event (a run followed by ten streams is one
 * delivery, not ten). Events from a process that does not stamp them are not measured.
 */
export function measureBusLag(bus: EventBus, metrics: Pick<Metrics, 'eventDelivered'>): EventBus {
  const measured = new WeakSet<RunEvent>();
  const observe = (event: RunEvent) => {
    if (event.publishedAt === undefined || measured.has(event)) return;
    measured.add(event);
    metrics.eventDelivered((Date.now() - event.publishedAt) / 1000);
  };
  return {
    ...bus,
    publish: (event) => bus.publish({ ...event, publishedAt: event.publishedAt ?? Date.now() }),
    subscribe: (runId, listener) =>
      bus.subscribe(runId, (event) => {
        observe(event);
        listener(event);
      }),
  };
}
