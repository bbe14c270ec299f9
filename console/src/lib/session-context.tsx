import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useCallback,
  type DependencyList,
} from 'react';
import { errorText } from './api';

export const SessionContext = createContext<{ apiKey: string; signOut: () => void }>({
  apiKey: '',
  signOut: () => undefined,
});

export const useSession = () => useContext(SessionContext);

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
  setData: (data: T) => void;
}

/** Loads something with the session's key when the dependencies change; `reload` fetches again. */
export function useLoad<T>(
  load: (apiKey: string, signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): Loaded<T> {
  const { apiKey } = useSession();
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    loadRef
      .current(apiKey, controller.signal)
      .then((value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(null);
      })
      .catch((err) => {
        if (controller.signal.aborted || (err as Error).name === 'AbortError') return;
        setError(errorText(err));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiKey, tick, ...deps]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload, setData };
}
