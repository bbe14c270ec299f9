import { useState } from 'react';
import { getData, request } from '../lib/api';
import { millis, when } from '../lib/format';
import { Link, useLocation, useNavigate } from '../lib/router';
import { useLoad } from '../lib/session-context';
import type { AppSummary, Page, RunSummary } from '../lib/types';
import { ErrorBanner, Loading, PageHeader, Pager, StatusBadge, TableHead } from '../components/ui';

const STATUSES = [
  { value: 'queued', label: 'queued' },
  { value: 'running', label: 'running' },
  { value: 'awaiting_approval', label: 'awaiting approval' },
  { value: 'completed', label: 'completed' },
  { value: 'failed', label: 'failed' },
  { value: 'cancelled', label: 'cancelled' },
];
const SOURCES = ['api', 'content', 'compose', 'generate'];
const LIMIT = 20;

/** Runs of the workspace, newest first, filtered by status, app and source (kept in the address). */
export function RunsPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const status = search.get('status') ?? '';
  const appId = search.get('appId') ?? '';
  const source = search.get('source') ?? '';
  const [offset, setOffset] = useState(0);
  const runs = useLoad(
    (key, signal) =>
      request<Page<RunSummary>>(key, '/runs', {
        query: { status, appId, source, limit: LIMIT, offset },
        signal,
      }),
    [status, appId, source, offset],
  );
  const apps = useLoad((key, signal) => getData<AppSummary[]>(key, '/apps', { signal }), []);
  const appName = (id: string) => apps.data?.find((a) => a.appId === id)?.name ?? `${id.slice(0, 8)}…`;
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setOffset(0);
    navigate(`/runs${next.toString() ? `?${next}` : ''}`, true);
  };
  return (
    <section>
      <PageHeader title="Runs" subtitle="Every run of the workspace, newest first.">
        <button type="button" className="btn" onClick={runs.reload}>
          Refresh
        </button>
      </PageHeader>
      <form className="toolbar filters" aria-label="Filter runs" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" value={status} onChange={(e) => setFilter('status', e.target.value)}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-app">App</label>
          <select id="filter-app" value={appId} onChange={(e) => setFilter('appId', e.target.value)}>
            <option value="">Any</option>
            {(apps.data ?? []).map((a) => (
              <option key={a.appId} value={a.appId}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-source">Started by</label>
          <select id="filter-source" value={source} onChange={(e) => setFilter('source', e.target.value)}>
            <option value="">Any</option>
            {SOURCES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
      </form>
      <ErrorBanner error={runs.error} />
      {runs.loading && !runs.data ? <Loading label="Loading runs" /> : null}
      {runs.data && runs.data.data.length === 0 ? (
        <p className="muted">No run matches these filters.</p>
      ) : null}
      {runs.data && runs.data.data.length > 0 ? (
        <div className="table-scroll">
          <table className="table runs-table">
            <caption className="visually-hidden">Runs, newest first</caption>
            <TableHead columns={['Run', 'App', 'Status', 'Revision', 'Source', 'Created', 'Took']} />
            <tbody>
              {runs.data.data.map((r) => (
                <tr key={r.runId}>
                  <td>
                    <Link to={`/runs/${r.runId}`}>
                      <code>{r.runId.slice(0, 8)}</code>
                    </Link>
                  </td>
                  <td>{appName(r.appId)}</td>
                  <td>
                    <StatusBadge status={r.awaitingApprovalSince ? 'awaiting_approval' : r.status} />
                  </td>
                  <td>{r.revision}</td>
                  <td>{r.source}</td>
                  <td>{when(r.createdAt)}</td>
                  <td data-took>{r.durationMs !== null ? millis(r.durationMs) : r.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {runs.data ? <Pager {...runs.data.pagination} onChange={setOffset} /> : null}
    </section>
  );
}
