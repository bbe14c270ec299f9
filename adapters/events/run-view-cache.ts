import { createHash } from 'node:crypto';
import type { RunView } from '../../core/run/present-run';
import { isTerminal } from '../../core/run/run-status';
import type { EventBus } from './bus';

/** A run view as served: the view, its JSON and a validator for conditional requests. */
export interface CachedRunView {
  view: RunView;
  /** `{"data": view}` serialized once, so a hit costs no serialization. */
  json: string;
  /** A strong validator of `json`. */
  etag: string;
}

/** Reads a run's view from the database (adapters/db/run-view.ts `loadRunView`); null when there is none. */
export type LoadRunView = (runId: string, workspaceId: string) => Promise<RunView | null>;

export interface RunViewCacheOptions {
  maxEntries?: number;
  /**
   * How long a run still in flight is served from the cache. Its events invalidate it at once; this bounds
   * how stale it could be if an event were lost without the bus noticing.
   */
  liveMs?: number;
  now?: () => number;
}

interface Entry extends CachedRunView {
  workspaceId: string;
  expires: number;
}

/** A read in flight; an event of its run (or a gap of the bus) makes what it read unfit to keep. */
interface PendingRead {
  stale: boolean;
}

/**
 * The run views of `GET /v1/runs/{id}`, per process: filled on read, dropped by every event of the run on the
 * bus (the same event that wakes /wait and SSE, delivered to the cache first). A read that an event overtook
 * is answered but not kept, so a transition is never hidden by a fill that raced it; a gap of the bus (a lost
 * LISTEN connection) empties the cache.
 */
export function createRunViewCache(loadView: LoadRunView, bus: EventBus, options: RunViewCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 10_000;
  const liveMs = options.liveMs ?? 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Set<PendingRead>>();

  const forget = (runId: string) => {
    entries.delete(runId);
    for (const read of pending.get(runId) ?? []) read.stale = true;
  };
  const stopWatching = bus.watchAll({
    event: (event) => forget(event.runId),
    gap: () => {
      entries.clear();
      for (const reads of pending.values()) for (const read of reads) read.stale = true;
    },
  });

  const keep = (runId: string, workspaceId: string, served: CachedRunView) => {
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    const expires = isTerminal(served.view.status) ? Infinity : now() + liveMs;
    entries.set(runId, { ...served, workspaceId, expires });
  };

  const read = async (runId: string, workspaceId: string): Promise<CachedRunView | null> => {
    const mark: PendingRead = { stale: false };
    const reads = pending.get(runId) ?? new Set<PendingRead>();
    pending.set(runId, reads.add(mark));
    try {
      const view = await loadView(runId, workspaceId);
      if (!view) return null;
      const served = serve(view);
      if (!mark.stale) keep(runId, workspaceId, served);
      return served;
    } finally {
      reads.delete(mark);
      if (reads.size === 0) pending.delete(runId);
    }
  };

  return {
    /** The run in the workspace, from the cache when it holds it; null when there is none. */
    async load(runId: string, workspaceId: string): Promise<CachedRunView | null> {
      const entry = entries.get(runId);
      if (entry && entry.workspaceId === workspaceId && entry.expires > now()) return entry;
      return read(runId, workspaceId);
    },
    /** How many views it holds (for tests and metrics). */
    size: () => entries.size,
    close(): void {
      stopWatching();
      entries.clear();
    },
  };
}

export type RunViewCache = ReturnType<typeof createRunViewCache>;

function serve(view: RunView): CachedRunView {
  const json = JSON.stringify({ data: view });
  return { view, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}
