import { EventEmitter } from 'node:events';

/** A change of a run or of one of its nodes; listeners re-read the run from the database. */
export interface RunEvent {
  runId: string;
  kind: 'run' | 'node';
  status: string;
  nodeId?: string;
  /** When it was published (ms since the epoch), for the bus lag metric (adapters/telemetry/bus-lag.ts). */
  publishedAt?: number;
}

/** Follows every run: what a process-wide cache of run views needs to stay true. */
export interface BusWatcher {
  /** Any run's event; called before the run's own listeners. */
  event(event: RunEvent): void;
  /** Events may have been lost (the bus reconnected): whatever was learned from them is unsure. */
  gap(): void;
}

export interface EventBus {
  publish(event: RunEvent): Promise<void>;
  /** Calls `listener` for every event of the run until the returned function is called. */
  subscribe(runId: string, listener: (event: RunEvent) => void): () => void;
  /** Calls `watcher` for the events of every run until the returned function is called. */
  watchAll(watcher: BusWatcher): () => void;
  close(): Promise<void>;
}

/** The watchers of a bus, told of each event before the run's own listeners are. */
export function busWatchers() {
  const watchers = new Set<BusWatcher>();
  return {
    add(watcher: BusWatcher): () => void {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    event(event: RunEvent): void {
      for (const watcher of watchers) watcher.event(event);
    },
    gap(): void {
      for (const watcher of watchers) watcher.gap();
    },
    clear(): void {
      watchers.clear();
    },
  };
}

/** Events inside one process: the embedded default, where API and worker share the process. */
export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const watchers = busWatchers();
  return {
    async publish(event) {
      watchers.event(event);
      emitter.emit(event.runId, event);
    },
    subscribe(runId, listener) {
      emitter.on(runId, listener);
      return () => emitter.off(runId, listener);
    },
    watchAll: watchers.add,
    async close() {
      watchers.clear();
      emitter.removeAllListeners();
    },
  };
}
