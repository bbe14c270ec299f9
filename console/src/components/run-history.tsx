import { bytes, duration } from '../lib/format';
import type { Asset, RunRevision } from '../lib/types';
import { ReviewLine } from './review-panel';
import { StatusBadge } from './ui';

const HOW: Record<RunRevision['kind'], string> = {
  start: 'Started',
  feedback: 'Refined with feedback',
  revise: 'Revised after a rejection',
};

/**
 * The run's history, newest first: how each revision began (its feedback and what the refinement did),
 * the decisions made in it, how long it took, and the outputs it stored.
 */
export function RunHistory({
  revisions,
  assets,
  current,
  now,
}: {
  revisions: RunRevision[];
  assets: Asset[];
  current: number;
  now: number;
}) {
  const byRevision = new Map<number, Asset[]>();
  for (const a of assets) {
    const r = a.revision ?? 1;
    byRevision.set(r, [...(byRevision.get(r) ?? []), a]);
  }
  if (revisions.length === 0) return <p className="muted">No history yet.</p>;
  return (
    <ol className="revisions" reversed>
      {[...revisions].reverse().map((r) => (
        <li key={r.revision} className="history-entry" data-revision={r.revision}>
          <h3>
            Revision {r.revision}
            {r.revision === current ? ' (current)' : ''}
          </h3>
          <p className="muted">
            <StatusBadge status={r.status} /> {HOW[r.kind]}
            {r.startedAt ? ` · took ${duration(r.startedAt, r.completedAt, now)}` : ''}
            {r.completedAt ? '' : r.startedAt ? ' so far' : ''}
          </p>
          {r.feedback ? (
            <p>
              Feedback: <q>{r.feedback}</q>
            </p>
          ) : null}
          {r.summary ? <p className="revision-summary">{r.summary}</p> : null}
          {r.refinedNodes.length > 0 ? (
            <ul>
              {r.refinedNodes.map((n) => (
                <li key={n.nodeId}>
                  <code>{n.nodeId}</code>: {n.reason}
                </li>
              ))}
            </ul>
          ) : null}
          {r.reviews.map((v) => (
            <ReviewLine key={v.nodeId} review={v.review} label={v.label} />
          ))}
          {r.errorMessage && r.status !== 'completed' ? (
            <p className="field-error">{r.errorMessage}</p>
          ) : null}
          <AssetStrip assets={byRevision.get(r.revision) ?? []} revision={r.revision} />
        </li>
      ))}
    </ol>
  );
}

function AssetStrip({ assets, revision }: { assets: Asset[]; revision: number }) {
  if (assets.length === 0) return null;
  return (
    <ul className="asset-strip">
      {assets.map((a) => (
        <li key={a.id}>
          <span className="muted">{a.nodeLabel}</span>
          {a.outputType === 'image' && a.cdnUrl ? (
            <img
              src={a.cdnUrl}
              alt={`${a.nodeLabel ?? 'Output'}, revision ${revision}`}
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
  );
}
