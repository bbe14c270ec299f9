import { useMemo, useState } from 'react';
import { errorText, getData, request } from '../lib/api';
import { duration, millis, when } from '../lib/format';
import { Link, useNavigate } from '../lib/router';
import { useLoad, useSession } from '../lib/session-context';
import type { AppSummary, Asset, Delivery, Page, Run, RunNode } from '../lib/types';
import { useLiveRun } from '../lib/use-live-run';
import { useNow } from '../lib/use-now';
import { GraphView } from '../components/graph-view';
import { MediaView } from '../components/media';
import { ApprovalPanel, QualityVerdict, RejectedPanel, ReviewLine } from '../components/review-panel';
import { RunHistory } from '../components/run-history';
import { ErrorBanner, Loading, PageHeader, StatusBadge, TableHead } from '../components/ui';

/**
 * A run: its inputs (run again), the approval it waits on, its graph with every node's live state, output
 * and timing, outputs, Refine, its history (revisions, feedback, reviews), Cancel, webhooks.
 */
export function RunPage({ runId }: { runId: string }) {
  const { run, setRun, error, live, follow, terminal } = useLiveRun(runId);
  const now = useNow(run !== undefined && !terminal);
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
        detail:
          n.error ?? (n.status === 'running' ? `running for ${duration(n.startedAt, null, now)}` : null),
      })),
    [run, now],
  );

  if (error && !run) return <ErrorBanner error={error} title="This run cannot be shown" />;
  if (!run) return <Loading label="Loading the run" />;

  // The run's own working time: the revisions that ended, and the one going now, live.
  const going = !terminal
    ? run.revisions.find((r) => r.revision === run.revision && !r.completedAt)
    : undefined;
  const workingMs =
    (run.durationMs ?? 0) + (going?.startedAt ? now - new Date(going.startedAt).getTime() : 0);
  return (
    <section>
      <PageHeader
        title={
          <>
            Run <code>{run.runId.slice(0, 8)}</code>{' '}
            <StatusBadge status={run.awaitingApproval ? 'awaiting_approval' : run.status} />
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
          <dt>{terminal ? 'Took' : 'Running for'}</dt>
          <dd data-testid="run-took">
            {run.durationMs !== null || going?.startedAt ? millis(workingMs) : '—'}
          </dd>
        </div>
      </dl>

      {run.awaitingApproval ? (
        <ApprovalPanel
          key={`${run.revision}-${run.awaitingApproval.nodeId}`}
          runId={runId}
          waiting={run.awaitingApproval}
          onDecided={follow}
        />
      ) : null}
      <RejectedPanel run={run} onRevised={follow} />

      <InputsCard run={run} />

      <section className="card" aria-labelledby="run-graph-title">
        <h2 id="run-graph-title">Graph</h2>
        <GraphView nodes={graphNodes} label="Run graph with the state of each node" height={340} />
      </section>

      <section className="card" aria-labelledby="nodes-title">
        <h2 id="nodes-title">Nodes</h2>
        <NodeTable nodes={run.nodes} now={now} />
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
        <h2 id="revisions-title">History</h2>
        <ErrorBanner error={assets.error} />
        <RunHistory
          revisions={run.revisions}
          assets={assets.data?.data ?? []}
          current={run.revision}
          now={now}
        />
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

/** Every node with its state, revision, attempts, live timing, output, review or quality score. */
function NodeTable({ nodes, now }: { nodes: RunNode[]; now: number }) {
  return (
    <div className="table-scroll">
      <table className="table">
        <TableHead columns={['Node', 'State', 'Revision', 'Attempts', 'Took', 'Output']} />
        <tbody>
          {nodes.map((n) => (
            <tr key={n.id} data-node={n.id}>
              <td>
                {n.label}
                <br />
                <span className="muted small">{n.type}</span>
              </td>
              <td>
                <StatusBadge status={n.status} />
              </td>
              <td>{n.revision ?? '—'}</td>
              <td>{n.attempts}</td>
              <td data-took>{n.startedAt ? duration(n.startedAt, n.completedAt, now) : '—'}</td>
              <td>
                <NodeOutput node={n} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NodeOutput({ node }: { node: RunNode }) {
  return (
    <>
      {node.output?.type === 'image' ? (
        <a href={node.output.value} target="_blank" rel="noreferrer">
          <img src={node.output.value} alt={`${node.label} output`} className="node-output" loading="lazy" />
        </a>
      ) : node.output?.type === 'text' ? (
        <p className="clamp small">{node.output.value}</p>
      ) : node.output ? (
        <a href={node.output.value} target="_blank" rel="noreferrer">
          {node.output.type}
        </a>
      ) : null}
      {node.quality ? <QualityVerdict quality={node.quality} /> : null}
      {node.review ? <ReviewLine review={node.review} label={node.label} /> : null}
      {node.error ? <p className="field-error">{node.error}</p> : null}
    </>
  );
}

/** The inputs the run was started with, and "run again" with the same or edited inputs. */
function InputsCard({ run }: { run: Run }) {
  const { apiKey } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const entries = Object.entries(run.inputs);
  const again = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await getData<{ runId: string }>(apiKey, `/apps/${run.appId}/runs`, {
        method: 'POST',
        body: { inputs: run.inputs },
      });
      navigate(`/runs/${started.runId}`);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="inputs-title">
      <h2 id="inputs-title">Inputs</h2>
      {entries.length === 0 ? <p className="muted">This run had no inputs.</p> : null}
      <dl className="facts inputs">
        {entries.map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd className="break">{Array.isArray(value) ? value.join(', ') : String(value)}</dd>
          </div>
        ))}
      </dl>
      <ErrorBanner error={error} />
      <div className="form-actions">
        <button type="button" className="btn" onClick={() => void again()} disabled={busy}>
          {busy ? 'Starting…' : 'Run again'}
        </button>
        <Link to={`/apps/${run.appId}?from=${run.runId}`} className="btn btn-quiet">
          Edit inputs and run again
        </Link>
      </div>
    </section>
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
