import { useCallback, useEffect, useState } from 'react';
import { errorText, getData } from './api';
import { readEvents } from './sse';
import { useSession } from './session-context';
import type { Run } from './types';

const TERMINAL = ['completed', 'failed', 'cancelled'];

/**
 * A run kept live: read once, then every change pushed over SSE (GET /v1/runs/{id}/stream). The stream
 * closes when the run ends; `follow()` opens it again (after a refinement starts a new revision).
 * A stream that drops (network, the 10-minute timeout) is reopened.
 */
export function useLiveRun(runId: string) {
  const { apiKey } = useSession();
  const [run, setRun] = useState<Run>();
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = async (attempt: number) => {
      let ended = false;
      try {
        setLive(true);
        await readEvents(
          apiKey,
          `/runs/${runId}/stream`,
          (event) => {
            if (event.event === 'progress' || event.event === 'complete' || event.event === 'error') {
              setRun(event.data as Run);
              setError(null);
              if (event.event !== 'progress') ended = true;
            }
          },
          controller.signal,
        );
      } catch {
        if (controller.signal.aborted) return;
        if (attempt === 0) {
          // The stream is refused (404, 401): say why, from a plain read.
          try {
            setRun(await getData<Run>(apiKey, `/runs/${runId}`, { signal: controller.signal }));
          } catch (readErr) {
            if (!controller.signal.aborted) setError(errorText(readErr));
            setLive(false);
            return;
          }
        }
      }
      if (controller.signal.aborted) return;
      setLive(false);
      if (!ended) retry = setTimeout(() => void open(attempt + 1), Math.min(5000, 500 * (attempt + 1)));
    };
    void open(0);
    return () => {
      controller.abort();
      clearTimeout(retry);
      setLive(false);
    };
  }, [apiKey, runId, generation]);

  const follow = useCallback(() => setGeneration((g) => g + 1), []);
  return { run, setRun, error, live, follow, terminal: run ? TERMINAL.includes(run.status) : false };
}
