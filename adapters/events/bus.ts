import { EventEmitter } from 'node:events';

/** A change of a run or of one of its nodes; listeners re-read the run from the database. */
export interface RunEvent {
  runId: string;
  kind: 'run' | 'node';
  status: string;
  nodeId?: string;
}

export interface EventBus {
  publish(event: RunEvent): Promise<void>;
  /** Calls `listener` for every event of the run until the returned function is called. */
  subscribe(runId: string, listener: (event: RunEvent) => void): () => void;
  close(): Promise<void>;
}

/** Events inside one process: the embedded default, where API and worker share the process. */
export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit(event.runId, event);
    },
    subscribe(runId, listener) {
      emitter.on(runId, listener);
      return () => emitter.off(runId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
