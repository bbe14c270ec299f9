import { useEffect, useState } from 'react';
import { errorText, getData, request } from '../lib/api';
import { when } from '../lib/format';
import { useLoad, useSession } from '../lib/session-context';
import type { AppDefinition, Page } from '../lib/types';
import { ErrorBanner, Loading, TableHead } from '../components/ui';

interface AppVersionSummary {
  version: number;
  createdAt: string;
  author: { userId: string | null; keyId: string | null; keyName: string | null };
  restoredFrom: number | null;
  summary: string;
  current: boolean;
}

interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}
interface NodeRef {
  id: string;
  type: string;
  label: string;
}
interface AppChanges {
  comparedTo: number;
  nodes: {
    added: NodeRef[];
    removed: NodeRef[];
    changed: (NodeRef & { fields: FieldChange[] })[];
    moved: string[];
  };
  edges: { added: { source: string; target: string }[]; removed: { source: string; target: string }[] };
  parameters: {
    added: { key: string; name: string }[];
    removed: { key: string; name: string }[];
    changed: { key: string; name: string; fields: FieldChange[] }[];
  };
  fields: FieldChange[];
}

interface AppVersion extends AppVersionSummary {
  changes: AppChanges | null;
}

/**
 * The app page's version history (GET /v1/apps/{id}/versions): who wrote each version and what changed,
 * the changes between any two versions (nodes, edges, config fields, inputs), and restore as a new version.
 */
export function AppVersions({
  appId,
  editable,
  currentVersion,
  onRestored,
}: {
  appId: string;
  editable: boolean;
  currentVersion: number;
  onRestored: (app: AppDefinition) => void;
}) {
  const { apiKey } = useSession();
  const versions = useLoad(
    (key, signal) =>
      request<Page<AppVersionSummary>>(key, `/apps/${appId}/versions`, { query: { limit: 100 }, signal }),
    [appId, currentVersion],
  );
  const list = versions.data?.data ?? [];
  const [to, setTo] = useState<number | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  const [diff, setDiff] = useState<AppVersion | null>(null);
  const [diffError, setDiffError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // By default: the current version against the one before it.
  useEffect(() => {
    if (list.length === 0) return;
    setTo(list[0].version);
    setFrom(list[1]?.version ?? null);
  }, [versions.data]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (to === null || from === null) {
      setDiff(null);
      return;
    }
    const controller = new AbortController();
    setDiffError(null);
    getData<AppVersion>(apiKey, `/apps/${appId}/versions/${to}`, {
      query: { compareTo: from },
      signal: controller.signal,
    })
      .then(setDiff)
      .catch((err) => {
        if ((err as Error).name !== 'AbortError') setDiffError(errorText(err));
      });
    return () => controller.abort();
  }, [apiKey, appId, from, to]);

  const restore = async (version: number) => {
    if (!window.confirm(`Restore version ${version}? It is saved again as version ${currentVersion + 1}.`))
      return;
    setRestoring(version);
    setError(null);
    try {
      const app = await getData<AppDefinition>(apiKey, `/apps/${appId}/versions/${version}/restore`, {
        method: 'POST',
      });
      onRestored(app);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setRestoring(null);
    }
  };

  const showChanges = (version: number) => {
    const index = list.findIndex((v) => v.version === version);
    setTo(version);
    setFrom(list[index + 1]?.version ?? null);
  };

  return (
    <section className="card" aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      <ErrorBanner error={versions.error ?? error} />
      {versions.loading && !versions.data ? <Loading label="Loading the versions" /> : null}
      {list.length > 0 ? (
        <div className="table-scroll">
          <table className="table" aria-label="Version history">
            <TableHead columns={['Version', 'Saved', 'By', 'What changed', '']} />
            <tbody>
              {list.map((v) => (
                <tr key={v.version}>
                  <td>
                    {v.version} {v.current ? <span className="badge">current</span> : null}
                  </td>
                  <td>{when(v.createdAt)}</td>
                  <td>{v.author.keyName || (v.author.userId ? 'a member' : '—')}</td>
                  <td>{v.summary}</td>
                  <td className="form-actions">
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => showChanges(v.version)}
                      aria-label={`Show the changes of version ${v.version}`}
                    >
                      Changes
                    </button>
                    {editable && !v.current ? (
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => void restore(v.version)}
                        disabled={restoring !== null}
                        aria-label={`Restore version ${v.version}`}
                      >
                        {restoring === v.version ? 'Restoring…' : 'Restore'}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {list.length > 1 ? (
        <div className="toolbar filters" role="group" aria-label="Compare two versions">
          <VersionPicker
            id="compare-from"
            label="Compare version"
            versions={list}
            value={from}
            onPick={setFrom}
          />
          <VersionPicker id="compare-to" label="with version" versions={list} value={to} onPick={setTo} />
        </div>
      ) : list.length === 1 ? (
        <p className="muted">
          Only one version is stored{editable ? ': save the app again to see what changes' : ''}.
        </p>
      ) : null}
      <ErrorBanner error={diffError} />
      {diff?.changes ? <VersionChanges changes={diff.changes} version={diff.version} /> : null}
    </section>
  );
}

/** What changed from `changes.comparedTo` to `version`. */
function VersionChanges({ changes, version }: { changes: AppChanges; version: number }) {
  const { nodes, edges, parameters, fields } = changes;
  const edge = (e: { source: string; target: string }) => `${e.source} → ${e.target}`;
  const nothing =
    nodes.added.length +
      nodes.removed.length +
      nodes.changed.length +
      edges.added.length +
      edges.removed.length ===
      0 &&
    parameters.added.length + parameters.removed.length + parameters.changed.length + fields.length === 0;
  return (
    <div
      className="version-diff"
      aria-label={`Changes from version ${changes.comparedTo} to version ${version}`}
    >
      <h3>
        From version {changes.comparedTo} to version {version}
      </h3>
      {nothing ? (
        <p className="muted">
          No changes{nodes.moved.length ? ` (nodes moved on the canvas: ${nodes.moved.join(', ')})` : ''}.
        </p>
      ) : null}
      <ChangeList
        title="Nodes added"
        sign="+"
        items={nodes.added.map((n) => `${n.label} (${n.id}, ${n.type})`)}
      />
      <ChangeList
        title="Nodes removed"
        sign="−"
        items={nodes.removed.map((n) => `${n.label} (${n.id}, ${n.type})`)}
      />
      {nodes.changed.length > 0 ? (
        <>
          <h4>Nodes changed</h4>
          <FieldTable
            rows={nodes.changed.flatMap((n) =>
              n.fields.map((f) => ({ owner: `${n.label} (${n.id})`, ...f })),
            )}
            ownerTitle="Node"
          />
        </>
      ) : null}
      <ChangeList title="Edges added" sign="+" items={edges.added.map(edge)} />
      <ChangeList title="Edges removed" sign="−" items={edges.removed.map(edge)} />
      <ChangeList title="Inputs added" sign="+" items={parameters.added.map((p) => `${p.name} (${p.key})`)} />
      <ChangeList
        title="Inputs removed"
        sign="−"
        items={parameters.removed.map((p) => `${p.name} (${p.key})`)}
      />
      {parameters.changed.length > 0 || fields.length > 0 ? (
        <>
          <h4>Inputs and app fields changed</h4>
          <FieldTable
            rows={[
              ...parameters.changed.flatMap((p) => p.fields.map((f) => ({ owner: `input ${p.key}`, ...f }))),
              ...fields.map((f) => ({ owner: 'app', ...f })),
            ]}
            ownerTitle="Of"
          />
        </>
      ) : null}
    </div>
  );
}

function ChangeList({ title, sign, items }: { title: string; sign: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <ul className="plain-list">
        {items.map((item) => (
          <li key={item}>
            <span aria-hidden="true">{sign} </span>
            {item}
          </li>
        ))}
      </ul>
    </>
  );
}

function FieldTable({ rows, ownerTitle }: { rows: (FieldChange & { owner: string })[]; ownerTitle: string }) {
  const shown = (value: unknown) => (value === undefined ? '(not set)' : JSON.stringify(value));
  return (
    <div className="table-scroll">
      <table className="table">
        <TableHead columns={[ownerTitle, 'Field', 'Before', 'After']} />
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.owner}/${r.field}`}>
              <td>{r.owner}</td>
              <td>
                <code>{r.field}</code>
              </td>
              <td>
                <del>{shown(r.before)}</del>
              </td>
              <td>
                <ins>{shown(r.after)}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A labelled select of the app's version numbers. */
function VersionPicker(props: {
  id: string;
  label: string;
  versions: { version: number }[];
  value: number | null | undefined;
  onPick: (version: number) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value ?? ''} onChange={(e) => props.onPick(Number(e.target.value))}>
        {props.versions.map((v) => (
          <option key={v.version} value={v.version}>
            {v.version}
          </option>
        ))}
      </select>
    </div>
  );
}
