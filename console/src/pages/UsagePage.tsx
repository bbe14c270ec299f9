import { getData, request } from '../lib/api';
import { useLoad } from '../lib/session-context';
import type { NodeType, Page, RunSummary, Usage } from '../lib/types';
import { ErrorBanner, Loading, PageHeader, TableHead } from '../components/ui';

const STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

/** Credits (balance, earned, spent), the rate limit, runs by status and what each node type costs. */
export function UsagePage() {
  const usage = useLoad((key, signal) => getData<Usage>(key, '/account/usage', { signal }), []);
  const types = useLoad((key, signal) => getData<NodeType[]>(key, '/node-types', { signal }), []);
  const counts = useLoad(
    (key, signal) =>
      Promise.all(
        STATUSES.map(async (status) => ({
          status,
          total: (await request<Page<RunSummary>>(key, '/runs', { query: { status, limit: 1 }, signal }))
            .pagination.total,
        })),
      ),
    [],
  );
  return (
    <section>
      <PageHeader
        title="Usage and credits"
        subtitle="Running apps spends credits per executed node; sandbox runs are free."
      />
      <ErrorBanner error={usage.error} />
      {usage.data ? (
        <div className="stat-grid">
          <div className="card stat">
            <h2>Balance</h2>
            <p className="big-number" data-testid="balance">
              {usage.data.credits.balance}
            </p>
            <p className="muted">credits</p>
          </div>
          <div className="card stat">
            <h2>Earned</h2>
            <p className="big-number">{usage.data.credits.totalEarned}</p>
            <p className="muted">granted in total</p>
          </div>
          <div className="card stat">
            <h2>Spent</h2>
            <p className="big-number">{usage.data.credits.totalSpent}</p>
            <p className="muted">by completed nodes</p>
          </div>
          <div className="card stat">
            <h2>Rate limit</h2>
            <p className="big-number">{usage.data.rateLimit.limit}</p>
            <p className="muted">requests per {Math.round(usage.data.rateLimit.windowMs / 1000)} s</p>
          </div>
        </div>
      ) : usage.loading ? (
        <Loading label="Loading usage" />
      ) : null}
      {usage.data ? (
        <p>
          Credits are managed at <a href={usage.data.manageUrl}>{usage.data.manageUrl}</a> (self-hosted:{' '}
          <code>npm run cli -- credits grant</code>).
        </p>
      ) : null}
      <div className="two-columns">
        <section className="card" aria-labelledby="runs-by-status">
          <h2 id="runs-by-status">Runs by status</h2>
          <ErrorBanner error={counts.error} />
          <table className="table">
            <tbody>
              {(counts.data ?? []).map((c) => (
                <tr key={c.status}>
                  <th scope="row">{c.status}</th>
                  <td>{c.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="card" aria-labelledby="prices">
          <h2 id="prices">Credits per node</h2>
          <ErrorBanner error={types.error} />
          <table className="table">
            <TableHead columns={['Node type', 'Credits']} />
            <tbody>
              {(types.data ?? []).map((t) => (
                <tr key={t.type}>
                  <td>
                    {t.title} <code className="muted">{t.type}</code>
                  </td>
                  <td>{t.credits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </section>
  );
}
