import { useEffect, useState } from 'react';
import { getData } from '../lib/api';
import { Link } from '../lib/router';
import { useLoad } from '../lib/session-context';
import type { AppSummary } from '../lib/types';
import { ErrorBanner, Loading, PageHeader } from '../components/ui';

/** Apps: the workspace's own apps and the public catalog, searchable. */
export function AppsPage() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  const apps = useLoad(
    (key, signal) => getData<AppSummary[]>(key, '/apps', { query: { search: query }, signal }),
    [query],
  );
  return (
    <section>
      <PageHeader
        title="Apps"
        subtitle="Your workspace's apps and the built-in catalog. Open one to run it, or build your own."
      >
        <Link to="/builder" className="btn btn-primary">
          New app
        </Link>
      </PageHeader>
      <div className="toolbar" role="search">
        <label htmlFor="app-search" className="visually-hidden">
          Search apps
        </label>
        <input
          id="app-search"
          type="search"
          placeholder="Search by name, description or tags"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <ErrorBanner error={apps.error} />
      {apps.loading && !apps.data ? <Loading label="Loading apps" /> : null}
      {apps.data && apps.data.length === 0 ? <p className="muted">No app matches “{query}”.</p> : null}
      <ul className="card-grid" aria-label="Apps" aria-busy={apps.loading}>
        {(apps.data ?? []).map((app) => (
          <li key={app.appId} className="card app-card">
            <h2>
              <Link to={`/apps/${app.appId}`}>{app.name}</Link>
            </h2>
            <p className="muted clamp">{app.description ?? 'No description.'}</p>
            <div className="tags">
              <span className={`badge visibility-${app.visibility}`}>{app.visibility}</span>
              {(app.capabilities?.produces ?? []).slice(0, 4).map((p) => (
                <span key={p} className="tag">
                  {p}
                </span>
              ))}
              {app.capabilities?.hasHumanApproval ? <span className="tag">approval</span> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
