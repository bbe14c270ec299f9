import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';

/** A small history router under /console (the API serves index.html for every route below it). */
export const BASE = '/console';

interface Location {
  path: string;
  search: URLSearchParams;
}

const RouterContext = createContext<{
  location: Location;
  navigate: (to: string, replace?: boolean) => void;
  /** Whether the page may be left: true, or what the person says when asked (see useLeaveGuard). */
  mayLeave: () => boolean;
  setGuard: (message: string | null) => void;
}>({
  location: { path: '/', search: new URLSearchParams() },
  navigate: () => undefined,
  mayLeave: () => true,
  setGuard: () => undefined,
});

function current(): Location {
  const raw = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : '/';
  return { path: raw.replace(/\/+$/, '') || '/', search: new URLSearchParams(window.location.search) };
}

export function Router({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(current);
  const guard = useRef<string | null>(null);
  const here = useRef(window.location.href);
  const mayLeave = useCallback(() => !guard.current || window.confirm(guard.current), []);
  const setGuard = useCallback((message: string | null) => {
    guard.current = message;
  }, []);
  useEffect(() => {
    here.current = window.location.href;
  }, [location]);
  useEffect(() => {
    const onPop = () => {
      // Back or Forward has already changed the address: staying means putting it back.
      if (!mayLeave()) {
        window.history.pushState(null, '', here.current);
        return;
      }
      setLocation(current());
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [mayLeave]);
  const navigate = useCallback(
    (to: string, replace = false) => {
      if (!mayLeave()) return;
      guard.current = null;
      const url = `${BASE}${to.startsWith('/') ? to : `/${to}`}`;
      if (replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
      setLocation(current());
      window.scrollTo(0, 0);
    },
    [mayLeave],
  );
  return (
    <RouterContext.Provider value={{ location, navigate, mayLeave, setGuard }}>
      {children}
    </RouterContext.Provider>
  );
}

export const useLocation = () => useContext(RouterContext).location;
export const useNavigate = () => useContext(RouterContext).navigate;
export const useMayLeave = () => useContext(RouterContext).mayLeave;

/**
 * While `message` is set, leaving the page asks first: links and Back within the console (a confirm
 * with the message), and closing or reloading the tab (the browser's own question).
 */
export function useLeaveGuard(message: string | null): void {
  const { setGuard } = useContext(RouterContext);
  useEffect(() => {
    setGuard(message);
    if (!message) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      setGuard(null);
      window.removeEventListener('beforeunload', warn);
    };
  }, [message, setGuard]);
}

/** Matches `/runs/:id` style patterns; answers the parameters or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) params[p[i].slice(1)] = decodeURIComponent(s[i]);
    else if (p[i] !== s[i]) return null;
  }
  return params;
}

export function Link({
  to,
  children,
  ...rest
}: { to: string; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const navigate = useNavigate();
  return (
    <a
      href={`${BASE}${to}`}
      {...rest}
      onClick={(e) => {
        rest.onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
