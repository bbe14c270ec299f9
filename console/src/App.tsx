import { useCallback, useEffect, useRef, useState } from 'react';
import { onUnauthorized, request } from './lib/api';
import { Link, match, Router, useLocation, useMayLeave } from './lib/router';
import { storedKey, storeKey } from './lib/session';
import { SessionContext, useSession } from './lib/session-context';
import type { Page, RunSummary } from './lib/types';
import { AppPage } from './pages/AppPage';
import { AppsPage } from './pages/AppsPage';
import { AssetsPage } from './pages/AssetsPage';
import { BuilderPage } from './pages/BuilderPage';
import { RunPage } from './pages/RunPage';
import { RunsPage } from './pages/RunsPage';
import { SignIn } from './pages/SignIn';
import { UsagePage } from './pages/UsagePage';

export function App() {
  const [apiKey, setApiKey] = useState<string | null>(storedKey);
  const [endedBecause, setEndedBecause] = useState<string | null>(null);
  const signOut = useCallback(() => {
    storeKey(null);
    setApiKey(null);
  }, []);
  useEffect(
    () =>
      onUnauthorized((error) => {
        // Only a key that stopped working mid-session is worth a word; a wrong key at sign-in says so there.
        if (storedKey()) setEndedBecause(error.message);
        signOut();
      }),
    [signOut],
  );
  return (
    <Router>
      {apiKey ? (
        <SessionContext.Provider value={{ apiKey, signOut }}>
          <Shell />
        </SessionContext.Provider>
      ) : (
        <SignIn
          endedBecause={endedBecause}
          onSignedIn={(key) => {
            storeKey(key);
            setEndedBecause(null);
            setApiKey(key);
          }}
        />
      )}
    </Router>
  );
}

const NAV = [
  { to: '/', label: 'Apps', active: (p: string) => p === '/' || p.startsWith('/apps') },
  { to: '/builder', label: 'Builder', active: (p: string) => p.startsWith('/builder') },
  { to: '/runs', label: 'Runs', active: (p: string) => p.startsWith('/runs') },
  { to: '/assets', label: 'Assets', active: (p: string) => p.startsWith('/assets') },
  { to: '/usage', label: 'Usage', active: (p: string) => p.startsWith('/usage') },
];

/** How many runs wait for a person, looked up on each navigation and every 15 s. */
function useAwaitingCount(path: string): number {
  const { apiKey } = useSession();
  const [count, setCount] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const look = () =>
      request<Page<RunSummary>>(apiKey, '/runs', {
        query: { status: 'awaiting_approval', limit: 1 },
        signal: controller.signal,
      })
        .then((page) => setCount(page.pagination.total))
        .catch(() => undefined);
    void look();
    const timer = setInterval(() => void look(), 15_000);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [apiKey, path]);
  return count;
}

function Shell() {
  const { path } = useLocation();
  const { signOut } = useSession();
  const mayLeave = useMayLeave();
  const awaiting = useAwaitingCount(path);
  const first = useRef(true);
  useEffect(() => {
    const page = NAV.find((n) => n.active(path))?.label ?? 'Atelier';
    document.title = `${page} · Atelier console`;
    // After a navigation, screen readers and keyboards start at the new page, not at the old link.
    if (!first.current) document.getElementById('main')?.focus({ preventScroll: true });
    first.current = false;
  }, [path]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand" aria-label="Atelier console, home">
          <img src="/console/favicon.svg" alt="" width={24} height={24} /> Atelier
        </Link>
        <nav aria-label="Main">
          <ul className="nav">
            {NAV.map((n) => (
              <li key={n.to}>
                <Link to={n.to} aria-current={n.active(path) ? 'page' : undefined}>
                  {n.label}
                  {n.to === '/runs' && awaiting > 0 ? (
                    <span className="nav-count" title={`${awaiting} waiting for approval`}>
                      {awaiting}
                      <span className="visually-hidden"> waiting for approval</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="btn btn-small btn-quiet" onClick={() => mayLeave() && signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Routes path={path} />
      </main>
    </div>
  );
}

function Routes({ path }: { path: string }) {
  let m: Record<string, string> | null;
  if (path === '/') return <AppsPage />;
  if ((m = match('/apps/:appId', path))) return <AppPage key={m.appId} appId={m.appId} />;
  if (path === '/builder') return <BuilderPage key="new" />;
  if ((m = match('/builder/:appId', path))) return <BuilderPage key={m.appId} appId={m.appId} />;
  if (path === '/runs') return <RunsPage />;
  if ((m = match('/runs/:runId', path))) return <RunPage key={m.runId} runId={m.runId} />;
  if (path === '/assets') return <AssetsPage />;
  if (path === '/usage') return <UsagePage />;
  return (
    <section>
      <h1>Not found</h1>
      <p>
        There is no page at this address. <Link to="/">Back to the apps</Link>.
      </p>
    </section>
  );
}
