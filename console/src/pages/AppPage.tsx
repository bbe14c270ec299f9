import { useEffect, useMemo, useState } from 'react';
import { ApiError, errorText, getData, request } from '../lib/api';
import { when } from '../lib/format';
import { Link, useLocation, useNavigate } from '../lib/router';
import { useLoad, useSession } from '../lib/session-context';
import type { AppDefinition, Page, Run, RunSummary } from '../lib/types';
import { GraphView } from '../components/graph-view';
import { AppVersions } from './AppVersions';
import { defaultValues, formValues, InputForm, inputsFor } from '../components/input-form';
import { ErrorBanner, Loading, PageHeader, StatusBadge, TableHead } from '../components/ui';

interface Estimate {
  estimatedCredits: { expected: number; min: number; max: number };
  breakdown: { nodeId: string; nodeType: string; credits: number }[];
  currentBalance: number;
  affordable: boolean;
}

interface SandboxStub {
  runId: string;
  status: 'test';
  validatedInputs: Record<string, unknown>;
  outputs: { label: string }[];
}

/** An app: its input form, graph, estimate, and the Run and Sandbox buttons. */
export function AppPage({ appId }: { appId: string }) {
  const { apiKey } = useSession();
  const navigate = useNavigate();
  // "Edit inputs and run again" from a run page: its inputs fill the form.
  const from = useLocation().search.get('from');
  const app = useLoad(
    (key, signal) => getData<AppDefinition>(key, `/apps/${appId}/definition`, { signal }),
    [appId],
  );
  const estimate = useLoad(
    (key, signal) => getData<Estimate>(key, `/apps/${appId}/estimate`, { method: 'POST', body: {}, signal }),
    [appId],
  );
  const runs = useLoad(
    (key, signal) => request<Page<RunSummary>>(key, '/runs', { query: { appId, limit: 5 }, signal }),
    [appId],
  );
  const [values, setValues] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'run' | 'sandbox' | 'delete' | null>(null);
  const [stub, setStub] = useState<SandboxStub | null>(null);
  const [webhook, setWebhook] = useState('');

  useEffect(() => {
    if (!app.data) return;
    const parameters = app.data.parameters;
    setValues(defaultValues(parameters));
    if (!from) return;
    const controller = new AbortController();
    getData<Run>(apiKey, `/runs/${from}`, { signal: controller.signal })
      .then((run) => setValues({ ...defaultValues(parameters), ...formValues(run.inputs) }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [app.data, from, apiKey]);

  const graphNodes = useMemo(() => {
    const graph = app.data?.graph;
    if (!graph) return [];
    return graph.nodes.map((n) => ({
      id: n.id,
      type: n.type,
      label: n.label,
      position: n.position,
      parents: graph.edges.filter((e) => e.target === n.id).map((e) => e.source),
    }));
  }, [app.data]);

  if (app.error) return <ErrorBanner error={app.error} title="This app cannot be shown" />;
  if (!app.data) return <Loading label="Loading the app" />;
  const definition = app.data;

  const submit = async (sandbox: boolean) => {
    setBusy(sandbox ? 'sandbox' : 'run');
    setError(null);
    setFieldErrors({});
    setStub(null);
    try {
      const body = { inputs: inputsFor(definition.parameters, values), ...(sandbox ? { test: true } : {}) };
      const res = await getData<{ runId: string } & SandboxStub>(apiKey, `/apps/${appId}/runs`, {
        method: 'POST',
        body,
        query: { webhook: webhook.trim() || undefined },
      });
      if (sandbox) setStub(res);
      else navigate(`/runs/${res.runId}`);
    } catch (err) {
      if (err instanceof ApiError && err.details.length) {
        const byParam: Record<string, string> = {};
        for (const d of err.details) {
          const p = definition.parameters.find((x) => x.key === d.param || x.name === d.param);
          if (p) byParam[p.key] = d.message;
        }
        setFieldErrors(byParam);
      }
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!window.confirm(`Delete “${definition.name}”? Its runs and assets stay readable.`)) return;
    setBusy('delete');
    try {
      await request(apiKey, `/apps/${appId}`, { method: 'DELETE' });
      navigate('/');
    } catch (err) {
      setError(errorText(err));
      setBusy(null);
    }
  };

  return (
    <section>
      <PageHeader
        title={definition.name}
        subtitle={
          <>
            {definition.description ?? 'No description.'}{' '}
            <span className={`badge visibility-${definition.visibility}`}>{definition.visibility}</span>{' '}
            <span className="muted">
              version {definition.version} · {definition.source}
            </span>
          </>
        }
      >
        {definition.editable ? (
          <Link to={`/builder/${appId}`} className="btn">
            Edit in builder
          </Link>
        ) : null}
        <Link to={`/builder?from=${appId}`} className="btn">
          Duplicate to edit
        </Link>
        {definition.editable ? (
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => void remove()}
            disabled={busy !== null}
          >
            Delete
          </button>
        ) : null}
      </PageHeader>

      <div className="two-columns">
        <form
          className="card"
          aria-labelledby="inputs-title"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(false);
          }}
        >
          <h2 id="inputs-title">Inputs</h2>
          <InputForm
            parameters={definition.parameters}
            values={values}
            onChange={setValues}
            errors={fieldErrors}
          />
          <details className="more-options">
            <summary>Webhook on completion</summary>
            <div className="field">
              <label htmlFor="run-webhook">Webhook URL (optional)</label>
              <input
                id="run-webhook"
                type="url"
                inputMode="url"
                placeholder="https://example.com/hooks/atelier"
                value={webhook}
                onChange={(e) => setWebhook(e.target.value)}
                aria-describedby="run-webhook-hint"
              />
              <p className="hint" id="run-webhook-hint">
                Atelier POSTs the finished run there, signed (Ed25519); every attempt is listed on the
                run&apos;s page.
              </p>
            </div>
          </details>
          <ErrorBanner error={error} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {busy === 'run' ? 'Starting…' : 'Run'}
            </button>
            <button type="button" className="btn" onClick={() => void submit(true)} disabled={busy !== null}>
              {busy === 'sandbox' ? 'Checking…' : 'Sandbox'}
            </button>
          </div>
          <p className="hint">
            Sandbox validates the inputs like a real run and answers a stub: nothing runs, nothing is charged.
          </p>
          {stub ? (
            <div className="banner banner-ok" role="status">
              <strong>Sandbox: the inputs are valid.</strong> Stub run <code>{stub.runId}</code> would make{' '}
              {stub.outputs.map((o) => o.label).join(', ')} from:
              <pre>{JSON.stringify(stub.validatedInputs, null, 2)}</pre>
            </div>
          ) : null}
        </form>

        <aside className="card" aria-labelledby="estimate-title">
          <h2 id="estimate-title">Estimate</h2>
          <ErrorBanner error={estimate.error} />
          {estimate.data ? (
            <>
              <p className="big-number">
                {estimate.data.estimatedCredits.expected} <span className="muted">credits</span>
              </p>
              <p className="muted">
                {estimate.data.estimatedCredits.max > estimate.data.estimatedCredits.expected
                  ? `Up to ${estimate.data.estimatedCredits.max} with quality retries. `
                  : ''}
                Balance: {estimate.data.currentBalance}.{' '}
                {estimate.data.affordable ? 'Affordable.' : <strong>Not enough credits.</strong>}
              </p>
              <details>
                <summary>Per node</summary>
                <table className="table">
                  <TableHead columns={['Node', 'Type', 'Credits']} />
                  <tbody>
                    {estimate.data.breakdown.map((b) => (
                      <tr key={b.nodeId}>
                        <td>{b.nodeId}</td>
                        <td>{b.nodeType}</td>
                        <td>{b.credits}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </>
          ) : estimate.loading ? (
            <Loading label="Estimating" />
          ) : null}
          <h2>Outputs</h2>
          <ul className="plain-list">
            {definition.outputs.map((o) => (
              <li key={o.index}>
                {o.label} <span className="tag">{o.type}</span>
              </li>
            ))}
          </ul>
          <h2>Recent runs</h2>
          {runs.data && runs.data.data.length === 0 ? <p className="muted">No runs yet.</p> : null}
          <ul className="plain-list">
            {(runs.data?.data ?? []).map((r) => (
              <li key={r.runId}>
                <Link to={`/runs/${r.runId}`}>{when(r.createdAt)}</Link> <StatusBadge status={r.status} />
              </li>
            ))}
          </ul>
        </aside>
      </div>

      <section className="card" aria-labelledby="graph-title">
        <h2 id="graph-title">Graph</h2>
        <GraphView nodes={graphNodes} label={`Graph of ${definition.name}`} />
        <div className="tags">
          {definition.capabilities?.strengths.map((s) => (
            <span key={s} className="tag">
              {s}
            </span>
          ))}
        </div>
      </section>

      <AppVersions
        appId={appId}
        editable={definition.editable}
        currentVersion={definition.version}
        onRestored={app.setData}
      />
    </section>
  );
}
