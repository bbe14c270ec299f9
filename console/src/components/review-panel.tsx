import { useState } from 'react';
import { errorText, getData } from '../lib/api';
import { when } from '../lib/format';
import { useSession } from '../lib/session-context';
import type { AwaitingApproval, NodeQuality, NodeReview, Run } from '../lib/types';
import { MediaView } from './media';
import { ErrorBanner } from './ui';

interface Revised {
  revision: number;
  summary: string;
  refinedNodes: { nodeId: string; reason: string }[];
}

/** POST /v1/runs/{id}/approvals/{node}: the decision, and the revision a "revise" started. */
function useDecision(runId: string, nodeId: string, onDecided: () => void) {
  const { apiKey } = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revised, setRevised] = useState<Revised | null>(null);
  const decide = async (decision: 'approve' | 'reject', comment: string, revise = false) => {
    if (revise && !comment.trim()) {
      setError('Say what to change: the comment is what the revision runs with.');
      return;
    }
    setBusy(revise ? 'revise' : decision);
    setError(null);
    try {
      const answer = await getData<{ revision?: Revised }>(
        apiKey,
        `/runs/${runId}/approvals/${encodeURIComponent(nodeId)}`,
        {
          method: 'POST',
          body: {
            decision,
            ...(comment.trim() ? { comment: comment.trim() } : {}),
            ...(revise ? { revise } : {}),
          },
        },
      );
      if (answer.revision) setRevised(answer.revision);
      onDecided();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, revised, decide };
}

/** A quality check's verdict: the score against its threshold, and why it is not higher. */
export function QualityVerdict({ quality }: { quality: NodeQuality }) {
  return (
    <div className="quality" data-quality={quality.score}>
      <strong>Quality {quality.score.toFixed(2)}</strong>{' '}
      <span className="muted">
        (threshold {quality.minScore.toFixed(2)}, {quality.passed ? 'passed' : 'below the threshold'}
        {quality.attempts > 1 ? `, best of ${quality.attempts} attempts` : ''})
      </span>
      {quality.reasons.length > 0 ? (
        <ul>
          {quality.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : (
        <span className="muted"> · no weak property found</span>
      )}
    </div>
  );
}

/** Who decided what, when, and why. */
export function ReviewLine({ review, label }: { review: NodeReview; label: string }) {
  const verb = review.decision === 'approve' ? 'Approved' : 'Rejected';
  return (
    <p className="review-line" data-decision={review.decision}>
      <strong>{verb}</strong> “{label}” by {review.by?.name ?? 'an unnamed caller'} on{' '}
      {when(review.decidedAt)}
      {review.comment ? <>: “{review.comment}”</> : null}
      {review.revise ? <span className="muted"> (revise with this comment)</span> : null}
    </p>
  );
}

/**
 * The approval a run waits on: what is under review at full size with its quality check's score and
 * reasons, the node's instructions, and Approve / Reject / Reject and revise with a comment.
 */
export function ApprovalPanel({
  runId,
  waiting,
  onDecided,
}: {
  runId: string;
  waiting: AwaitingApproval;
  onDecided: () => void;
}) {
  const [comment, setComment] = useState('');
  const { busy, error, revised, decide } = useDecision(runId, waiting.nodeId, onDecided);
  const id = `approval-${waiting.nodeId}`;
  return (
    <section className="card card-attention" aria-labelledby={`${id}-title`} data-approval={waiting.nodeId}>
      <h2 id={`${id}-title`}>Approval needed: {waiting.label}</h2>
      <p className="muted">Waiting since {when(waiting.since)}.</p>
      {waiting.instructions ? <p>{waiting.instructions}</p> : null}
      {waiting.reviewing.length === 0 ? <p className="muted">The reviewed output is not available.</p> : null}
      {waiting.reviewing.map((a) => (
        <figure key={a.nodeId} className="reviewed" data-reviewing={a.nodeId}>
          <figcaption>
            <strong>{a.label}</strong> <span className="muted">({a.type})</span>
          </figcaption>
          <MediaView type={a.type} value={a.value} label={`${a.label}, under review`} full />
          {a.quality ? (
            <QualityVerdict quality={a.quality} />
          ) : (
            <p className="muted">No quality check before this review.</p>
          )}
        </figure>
      ))}
      <div className="field">
        <label htmlFor={`${id}-comment`}>Comment</label>
        <textarea
          id={`${id}-comment`}
          rows={2}
          value={comment}
          placeholder="Why, or what to change (needed to revise)"
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <ErrorBanner error={error} />
      {revised ? <RevisedBanner revised={revised} /> : null}
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void decide('approve', comment)}
          disabled={busy !== null}
        >
          {busy === 'approve' ? 'Approving…' : 'Approve'}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => void decide('reject', comment, true)}
          disabled={busy !== null}
        >
          {busy === 'revise' ? 'Revising…' : 'Reject and revise with this comment'}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => void decide('reject', comment)}
          disabled={busy !== null}
        >
          {busy === 'reject' ? 'Rejecting…' : 'Reject'}
        </button>
      </div>
    </section>
  );
}

function RevisedBanner({ revised }: { revised: Revised }) {
  return (
    <div className="banner banner-ok" role="status">
      {revised.summary}
      <ul>
        {revised.refinedNodes.map((n) => (
          <li key={n.nodeId}>
            <code>{n.nodeId}</code>: {n.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A run that failed because a reviewer rejected it: revise with the comment (edited if need be). */
export function RejectedPanel({ run, onRevised }: { run: Run; onRevised: () => void }) {
  const current = run.revisions.find((r) => r.revision === run.revision);
  const rejection = current?.reviews.find((r) => r.review.decision === 'reject');
  if (run.status !== 'failed' || !rejection) return null;
  return (
    <RejectedForm
      key={`${run.revision}-${rejection.review.decidedAt}`}
      runId={run.runId}
      rejection={rejection}
      onRevised={onRevised}
    />
  );
}

function RejectedForm({
  runId,
  rejection,
  onRevised,
}: {
  runId: string;
  rejection: { nodeId: string; label: string; review: NodeReview };
  onRevised: () => void;
}) {
  const [comment, setComment] = useState(rejection.review.comment ?? '');
  const { busy, error, revised, decide } = useDecision(runId, rejection.nodeId, onRevised);
  return (
    <section className="card card-attention" aria-labelledby="rejected-title">
      <h2 id="rejected-title">Rejected</h2>
      <ReviewLine review={rejection.review} label={rejection.label} />
      <div className="field">
        <label htmlFor="rejected-comment">What should change?</label>
        <textarea
          id="rejected-comment"
          rows={2}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <ErrorBanner error={error} />
      {revised ? <RevisedBanner revised={revised} /> : null}
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy !== null}
        onClick={() => void decide('reject', comment, true)}
      >
        {busy ? 'Revising…' : 'Revise with this comment'}
      </button>
    </section>
  );
}
