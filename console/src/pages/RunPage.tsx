import { useMemo, useState } from 'react';
import { errorText, getData, request } from '../lib/api';
import { bytes, duration, when } from '../lib/format';
import { Link } from '../lib/router';
import { useLoad, useSession } from '../lib/session-context';
import type { AppSummary, Asset, Delivery, Page, Run, RunNode } from '../lib/types';
import { useLiveRun } from '../lib/use-live-run';
import { GraphView } from '../components/graph-view';
import { MediaView } from '../components/media';
import { ErrorBanner, Loading, PageHeader, StatusBadge, TableHead } from '../components/ui';

/** A run: its graph with every node's live state, outputs, revisions, Refine, Cancel, approvals, webhooks. */
export function RunPage({ runId }: { runId: string }) {
  const { run, setRun, error, live, follow, terminal } = useLiveRun(runId);
  const app = useLoad(
    (key, signal) =>
      run
        ? getData<AppSummary>(key, `/apps/${run.appId}`, { signal }).catch(() => null)
        : Promise.resolve(null),
    [run?.appId],
  );
  const refreshKey = `${run?.revision}-${terminal}`;
  const assets = useLoad(
    (key, signal) => request<Page<Asset>>(key, '/assets', { query: { runId, limit: 100 }, signal }),
    [runId, refreshKey],
  );
  const deliveries = useLoad(
    (key, signal) => getData<Delivery[]>(key, '/webhooks/deliveries', { query: { runId }, signal }),
    [runId, refreshKey],
  );

  const graphNodes = useMemo(
    () =>
      (run?.nodes ?? []).map((n) => ({
        id: n.id,
        type: n.type,
        label: n.label,
        parents: n.parents,
        status: n.status,
        detail: n.error ?? (n.status === 'running' ? `running for ${duration(n.startedAt, null)}` : null),
      })),
    [run],
  );

  if (error && !run) return <ErrorBanner error={error} title="This run cannot be shown" />;
  if (!run) return <Loading label="Loading the run" />;

  const waiting = run.nodes.filter((n) => n.status === 'awaiting_approval');
  return (
    <section>
      <PageHeader
        title={
          <>
            Run <code>{run.runId.slice(0, 8)}</code> <StatusBadge status={run.status} />
          </>
        }
        subtitle={
          <>
            {app.data ? (
              <Link to={`/apps/${run.appId}`}>{app.data.name}</Link>
            ) : (
              <span>App {run.appId.slice(0, 8)} (deleted or not visible)</span>
            )}
            {run.appVersion !== null ? ` · version ${run.appVersion}` : ''} · revision {run.revision} ·{' '}
            {run.cost.credits} credits ·{' '}
            <span aria-live="polite">{live ? 'live' : terminal ? 'finished' : 'reconnecting…'}</span>
          </>
        }
      >
        {!terminal ? <CancelButton runId={runId} onDone={setRun} /> : null}
      </PageHeader>
      {run.errorMessage ? (
        <ErrorBanner error={run.errorMessage} title={run.status === 'cancelled' ? 'Cancelled' : 'Failed'} />
      ) : null}
      <dl className="facts">
        <div>
          <dt>Created</dt>
          <dd>{when(run.createdAt)}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{when(run.startedAt)}</dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>{when(run.completedAt)}</dd>
        </div>
        <div>
          <dt>Took</dt>
          <dd>{duration(run.startedAt, run.completedAt)}</dd>
        </div>
      </dl>

      {waiting.map((node) => (
        <ApprovalPanel key={node.id} runId={runId} node={node} />
      ))}

      <section className="card" aria-labelledby="run-graph-title">
        <h2 id="run-graph-title">Graph</h2>
        <GraphView nodes={graphNodes} label="Run graph with the state of each node" height={340} />
        <NodeTable nodes={run.nodes} />
      </section>

      <section className="card" aria-labelledby="outputs-title">
        <h2 id="outputs-title">Outputs</h2>
        <div className="output-grid">
          {run.outputs.map((o) => (
            <figure key={o.id} className="output" data-output={o.label} data-status={o.status}>
              <figcaption>
                <strong>{o.label}</strong> <StatusBadge status={o.status} />{' '}
                {o.dimensions ? (
                  <span className="muted">
                    {o.dimensions.width}×{o.dimensions.height}
                  </span>
                ) : null}
                {o.durationSeconds ? <span className="muted"> {o.durationSeconds.toFixed(1)} s</span> : null}
              </figcaption>
              {o.status === 'completed' ? (
                <MediaView type={o.type} value={o.value} label={o.label} mimeType={o.mimeType} />
              ) : o.status === 'error' ? (
                <p className="field-error">{o.error}</p>
              ) : (
                <p className="muted">
                  <span className="spinner" aria-hidden="true" /> Pending
                </p>
              )}
            </figure>
          ))}
        </div>
      </section>

      <RefinePanel runId={runId} status={run.status} onStarted={follow} />

      <section className="card" aria-labelledby="revisions-title">
        <h2 id="revisions-title">Revisions</h2>
        <ErrorBanner error={assets.error} />
        <Revisions assets={assets.data?.data ?? []} current={run.revision} />
      </section>

      <section className="card" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook deliveries</h2>
        <ErrorBanner error={deliveries.error} />
        {deliveries.data && deliveries.data.length === 0 ? (
          <p className="muted">No webhook for this run (start it with a webhook URL to get one).</p>
        ) : null}
        {deliveries.data && deliveries.data.length > 0 ? (
          <div className="table-scroll">
            <table className="table">
              <TableHead columns={['When', 'Revision', 'Event', 'Attempt', 'Status', 'Latency', 'URL']} />
              <tbody>
                {deliveries.data.map((d) => (
                  <tr key={d.id}>
                    <td>{when(d.createdAt)}</td>
                    <td>{d.revision}</td>
                    <td>{d.event}</td>
                    <td>{d.attempt}</td>
                    <td>{d.statusCode ?? d.error ?? '—'}</td>
                    <td>{d.latencyMs} ms</td>
                    <td className="break">{d.url}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </section>
  );
}

function NodeTable({ nodes }: { nodes: RunNode[] }) {
  return (
    <details>
      <summary>Node states as a table</summary>
      <div className="table-scroll">
        <table className="table">
          <TableHead columns={['Node', 'Type', 'State', 'Attempts', 'Took', 'Error']} />
          <tbody>
            {nodes.map((n) => (
              <tr key={n.id}>
                <td>{n.label}</td>
                <td>{n.type}</td>
                <td>
                  <StatusBadge status={n.status} />
                </td>
                <td>{n.attempts}</td>
                <td>{n.startedAt ? duration(n.startedAt, n.completedAt) : '—'}</td>
                <td>{n.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function CancelButton({ runId, onDone }: { runId: string; onDone: (run: Run) => void }) {
  const { apiKey } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    if (!window.confirm('Cancel this run? Nodes still running stop.')) return;
    setBusy(true);
    try {
      await request(apiKey, `/runs/${runId}/cancel`, { method: 'POST' });
      onDone(await getData<Run>(apiKey, `/runs/${runId}`));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-danger" onClick={() => void cancel()} disabled={busy}>
        {busy ? 'Cancelling…' : 'Cancel run'}
      </button>
      <ErrorBanner error={error} />
    </>
  );
}

function ApprovalPanel({ runId, node }: { runId: string; node: RunNode }) {
  const { apiKey } = useSession();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    setError(null);
    try {
      await request(apiKey, `/runs/${runId}/approvals/${encodeURIComponent(node.id)}`, {
        method: 'POST',
        body: { decision, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const id = `approval-${node.id}`;
  return (
    <section className="card card-attention" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Approval needed: {node.label}</h2>
      <p>The run waits for a decision on the output of the node before “{node.label}”.</p>
      <div className="field">
        <label htmlFor={`${id}-comment`}>Comment (optional)</label>
        <textarea
          id={`${id}-comment`}
          rows={2}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <ErrorBanner error={error} />
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void decide('approve')}
          disabled={busy}
        >
          Approve
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => void decide('reject')}
          disabled={busy}
        >
          Reject
        </button>
      </div>
    </section>
  );
}

interface Refinement {
  summary: string;
  refinedNodes: { nodeId: string; reason: string }[];
}

/** Feedback on a completed run; while a revision runs the form waits, and the last answer stays shown. */
function RefinePanel({
  runId,
  status,
  onStarted,
}: {
  runId: string;
  status: Run['status'];
  onStarted: () => void;
}) {
  const refinable = status === 'completed';
  const { apiKey } = useSession();
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Refinement | null>(null);
  const refine = async () => {
    if (!feedback.trim()) {
      setError('Say what to change.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // timeout=0: answer once the new revision is queued; the stream shows it run.
      const answer = await getData<Refinement>(apiKey, `/runs/${runId}/feedback`, {
        method: 'POST',
        query: { timeout: 0 },
        body: { feedback: feedback.trim() },
      });
      setResult(answer);
      setFeedback('');
      onStarted();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="refine-title">
      <h2 id="refine-title">Refine</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void refine();
        }}
      >
        <div className="field">
          <label htmlFor="feedback">What should change?</label>
          <textarea
            id="feedback"
            rows={2}
            value={feedback}
            placeholder="e.g. make the picture warmer, the caption more playful"
            onChange={(e) => setFeedback(e.target.value)}
            aria-describedby="feedback-hint"
            disabled={!refinable}
          />
          <p className="hint" id="feedback-hint">
            {refinable
              ? 'The same run gets a new revision: only the nodes your words are about, and what depends on them, run again.'
              : `A run can be refined once it is completed; this one is ${status}.`}
          </p>
        </div>
        <ErrorBanner error={error} />
        <button type="submit" className="btn btn-primary" disabled={busy || !refinable}>
          {busy ? 'Refining…' : 'Refine'}
        </button>
      </form>
      {result ? (
        <div className="banner banner-ok" role="status">
          {result.summary}
          <ul>
            {result.refinedNodes.map((n) => (
              <li key={n.nodeId}>
                <code>{n.nodeId}</code>: {n.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function Revisions({ assets, current }: { assets: Asset[]; current: number }) {
  const byRevision = new Map<number, Asset[]>();
  for (const a of assets) {
    const r = a.revision ?? 1;
    byRevision.set(r, [...(byRevision.get(r) ?? []), a]);
  }
  const revisions = [...byRevision.keys()].sort((a, b) => b - a);
  if (revisions.length === 0) return <p className="muted">No stored outputs yet.</p>;
  return (
    <ol className="revisions" reversed>
      {revisions.map((r) => (
        <li key={r}>
          <h3>
            Revision {r}
            {r === current ? ' (current)' : ''}
          </h3>
          <ul className="asset-strip">
            {byRevision.get(r)!.map((a) => (
              <li key={a.id}>
                <span className="muted">{a.nodeLabel}</span>
                {a.outputType === 'image' && a.cdnUrl ? (
                  <img
                    src={a.cdnUrl}
                    alt={`${a.nodeLabel ?? 'Output'}, revision ${r}`}
                    className="thumb"
                    loading="lazy"
                  />
                ) : a.outputType === 'text' ? (
                  <p className="clamp small">{a.textContent}</p>
                ) : a.cdnUrl ? (
                  <a href={a.cdnUrl} target="_blank" rel="noreferrer">
                    {a.outputType} ({bytes(a.bytes)})
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
