import { describeOutput } from './output-metadata';
import type { Plan, PlanOutput } from '../graph/plan';
import type { NodeStatus, RunSource, RunStatus } from './run-status';
import type { NodeOutput, NodeQuality, NodeReview } from './run-types';
import type {
  AwaitingApproval,
  ReviewedArtefact,
  Run,
  RunNode,
  RunOutput,
  RunRevision,
  RunSummary,
} from '../responses/runs';

type StoredTime = Date | string;

/** The columns of a stored run that its presentation reads (a `runs` row has them). */
export interface StoredRun {
  id: string;
  app_id: string;
  /** The app's version when the run started (null for synthetic apps; absent on rows older than migration 007). */
  app_version?: number | null;
  status: RunStatus;
  source: RunSource;
  /** The validated inputs the run was started with. */
  inputs?: unknown;
  plan: unknown;
  execute: unknown;
  revision: number;
  error_message: string | null;
  cost_credits: string | number;
  created_at: StoredTime;
  started_at: StoredTime | null;
  completed_at: StoredTime | null;
}

/** The columns of a stored node state that its presentation reads (a `run_nodes` row has them). */
export interface StoredRunNode {
  node_id: string;
  status: NodeStatus;
  error: string | null;
  output: unknown;
  revision?: number;
  attempts?: number;
  started_at?: StoredTime | null;
  completed_at?: StoredTime | null;
  /** When the row last changed: for a node awaiting approval, since when it waits. */
  updated_at?: StoredTime;
  review?: unknown;
  quality?: unknown;
}

/** The columns of a stored revision (a `run_revisions` row). */
export interface StoredRevision {
  revision: number;
  kind: RunRevision['kind'];
  feedback: string | null;
  summary: string | null;
  refined_nodes: unknown;
  status: RunStatus | null;
  error_message: string | null;
  started_at: StoredTime | null;
  completed_at: StoredTime | null;
  created_at: StoredTime;
}

/** The Run exactly as `GET /v1/runs/{runId}` and webhooks show it (core/responses/runs.ts). */
export type RunView = Run;

/**
 * The Run from its row, its node states (newest revision first) and its revisions (oldest first).
 * Each output shows its node's newest revision; reused nodes keep the revision that made them.
 */
export function presentRun(run: StoredRun, rows: StoredRunNode[], revisions: StoredRevision[] = []): RunView {
  const latest = new Map<string, StoredRunNode>();
  for (const row of rows) if (!latest.has(row.node_id)) latest.set(row.node_id, row);
  const outputs = runOutputs(run.plan as Plan, run.execute as string[]).map((o) =>
    presentOutput(o, latest.get(o.nodeId), run.status),
  );
  const nodes = presentNodes(run, latest);
  return {
    runId: run.id,
    workflowId: run.id,
    appId: run.app_id,
    appVersion: run.app_version ?? null,
    status: run.status,
    revision: run.revision,
    inputs: (run.inputs ?? {}) as Record<string, unknown>,
    outputs,
    nodes,
    awaitingApproval: awaitingApproval(run, nodes, latest),
    errorMessage: run.error_message,
    cost: { credits: Number(run.cost_credits) },
    revisions: presentRevisions(run, rows, revisions),
    durationMs: runDuration(run, revisions),
    startedAt: iso(run.started_at),
    completedAt: iso(run.completed_at),
    createdAt: iso(run.created_at)!,
  };
}

/** A node's state as a run shows it: `pending` rows read `queued`; a node that never got a row was not run. */
export type RunNodeStatus = RunNode['status'];
export type RunNodeView = RunNode;

/**
 * Each plan node with its newest row. Without a row: `queued` while the run may still reach it,
 * `skipped` when the run did not select it or ended first (`cancelled` if it was cancelled).
 */
function presentNodes(run: StoredRun, latest: Map<string, StoredRunNode>): RunNodeView[] {
  const plan = run.plan as Plan;
  const execute = run.execute as string[];
  return plan.nodes.map((node) => {
    const row = latest.get(node.id);
    const output = row?.status === 'completed' && row.output ? (row.output as NodeOutput) : null;
    return {
      id: node.id,
      type: node.type,
      label: node.label,
      parents: node.parents,
      status: nodeStatus(node.id, row, execute, run.status),
      revision: row?.revision ?? null,
      attempts: row?.attempts ?? 0,
      error: row?.error ?? null,
      startedAt: iso(row?.started_at ?? null),
      completedAt: iso(row?.completed_at ?? null),
      output: output
        ? { type: output.modality, value: output.kind === 'text' ? output.text : output.ref.url }
        : null,
      review: node.type === 'human.approval' && row?.review ? (row.review as NodeReview) : null,
      quality:
        node.type === 'quality.check' && row?.quality ? presentQuality(row.quality as NodeQuality) : null,
    };
  });
}

const presentQuality = (q: NodeQuality): NodeQuality => ({ ...q, reasons: q.reasons ?? [] });

/** Node types that hand their parent's output on: what they pass is made further up. */
const PASSTHROUGH_TYPES = new Set(['quality.check', 'human.approval', 'output']);

/** The first node (in plan order) waiting for a human decision, what it reviews, and where to send it. */
function awaitingApproval(
  run: StoredRun,
  nodes: RunNode[],
  latest: Map<string, StoredRunNode>,
): AwaitingApproval | null {
  const node = nodes.find((n) => n.status === 'awaiting_approval');
  if (!node) return null;
  const row = latest.get(node.id)!;
  const planNode = (run.plan as Plan).nodes.find((n) => n.id === node.id);
  const instructions = planNode?.config.instructions;
  return {
    nodeId: node.id,
    label: node.label,
    since: iso(row.updated_at ?? row.started_at ?? new Date(0))!,
    approvalUrl: `/v1/runs/${run.id}/approvals/${encodeURIComponent(node.id)}`,
    instructions: typeof instructions === 'string' && instructions.trim() ? instructions : null,
    reviewing: reviewedArtefacts(node, nodes),
  };
}

/**
 * What an approval node reviews: for each parent, the output it hands on, attributed to the node that made
 * it (walking up through quality checks and other approvals), with the nearest quality check's score.
 */
export function reviewedArtefacts(approval: RunNode, nodes: RunNode[]): ReviewedArtefact[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return approval.parents.flatMap((parentId) => {
    let current = byId.get(parentId);
    const output = current?.output;
    if (!current || !output) return [];
    let quality: NodeQuality | null = null;
    while (PASSTHROUGH_TYPES.has(current.type) && current.parents.length === 1) {
      quality = quality ?? current.quality;
      const up = byId.get(current.parents[0]);
      if (!up) break;
      current = up;
    }
    return [{ nodeId: current.id, label: current.label, type: output.type, value: output.value, quality }];
  });
}

/**
 * The run's history: each revision as recorded, with the approval decisions made in it. Runs from before
 * revisions were recorded show their current revision from the run's own row.
 */
function presentRevisions(run: StoredRun, rows: StoredRunNode[], revisions: StoredRevision[]): RunRevision[] {
  const labels = new Map((run.plan as Plan).nodes.map((n) => [n.id, n.label]));
  const reviewsOf = (revision: number) =>
    rows
      .filter((r) => (r.revision ?? 1) === revision && r.review)
      .map((r) => ({
        nodeId: r.node_id,
        label: labels.get(r.node_id) ?? r.node_id,
        review: r.review as NodeReview,
      }));
  const stored: StoredRevision[] =
    revisions.length > 0
      ? revisions
      : [
          {
            revision: run.revision,
            kind: run.revision === 1 ? 'start' : 'feedback',
            feedback: null,
            summary: null,
            refined_nodes: null,
            status: run.status,
            error_message: run.error_message,
            started_at: run.started_at,
            completed_at: run.completed_at,
            created_at: run.created_at,
          },
        ];
  return stored.map((r) => ({
    revision: r.revision,
    kind: r.kind,
    feedback: r.feedback,
    summary: r.summary,
    refinedNodes: (r.refined_nodes as RunRevision['refinedNodes'] | null) ?? [],
    // The run's row is the newest word on its current revision (a cancel the workflow has not confirmed).
    status: r.revision === run.revision ? run.status : (r.status ?? 'completed'),
    errorMessage: r.revision === run.revision ? run.error_message : r.error_message,
    reviews: reviewsOf(r.revision),
    startedAt: iso(r.started_at),
    completedAt: iso(r.completed_at),
    createdAt: iso(r.created_at)!,
  }));
}

/**
 * The run's own working time: each revision that has ended, from its start to its end, summed; the gaps
 * between revisions do not count. A revision still going is left out, so the Run stays the same snapshot
 * until something happens (its start is in `revisions`).
 */
function runDuration(run: StoredRun, revisions: StoredRevision[]): number | null {
  const spans = revisions
    .filter((r) => r.started_at !== null && r.completed_at !== null)
    .map((r) => new Date(r.completed_at!).getTime() - new Date(r.started_at!).getTime());
  if (spans.length > 0) return Math.max(0, Math.round(spans.reduce((a, b) => a + b, 0)));
  if (!run.started_at || !run.completed_at) return null;
  return Math.max(0, new Date(run.completed_at).getTime() - new Date(run.started_at).getTime());
}

function nodeStatus(
  nodeId: string,
  row: StoredRunNode | undefined,
  execute: string[],
  runStatus: RunStatus,
): RunNodeStatus {
  if (row) return row.status === 'pending' ? 'queued' : row.status;
  if (!execute.includes(nodeId)) return 'skipped';
  if (runStatus === 'cancelled') return 'cancelled';
  return runStatus === 'queued' || runStatus === 'running' ? 'queued' : 'skipped';
}

export function runOutputs(plan: Plan, execute: string[]): PlanOutput[] {
  return plan.outputs.filter((o) => execute.includes(o.nodeId));
}

export function presentOutput(
  output: PlanOutput,
  row: StoredRunNode | undefined,
  runStatus: RunStatus,
): RunOutput {
  const base = { id: output.nodeId, label: output.label };
  if (row?.status === 'completed' && row.output)
    return { ...base, ...completedOutput(row.output as NodeOutput) };
  const ended = runStatus === 'failed' || runStatus === 'cancelled';
  if (row && ['failed', 'skipped', 'cancelled'].includes(row.status))
    return { ...base, type: output.type, value: null, status: 'error', error: row.error ?? row.status };
  if (ended)
    return {
      ...base,
      type: output.type,
      value: null,
      status: 'error',
      error: runStatus === 'cancelled' ? 'cancelled' : 'not run',
    };
  return { ...base, type: 'pending', value: null, status: 'pending', error: null };
}

function completedOutput(
  output: NodeOutput,
): Omit<Extract<RunOutput, { status: 'completed' }>, 'id' | 'label'> {
  const m = output.metadata;
  return {
    type: output.modality,
    value: output.kind === 'text' ? output.text : output.ref.url,
    status: 'completed',
    error: null,
    mimeType: m.mimeType,
    contentDescription: m.contentDescription,
    ...describeOutput(output.modality, m),
    dimensions: m.dimensions,
    durationSeconds: m.durationSeconds,
  };
}

/** A listed run: its row, and what the listing query adds (adapters/db/runs.ts listRuns). */
export interface StoredRunListing extends StoredRun {
  awaiting_since?: StoredTime | null;
  duration_ms?: number | string | null;
}

export function presentRunSummary(run: StoredRunListing): RunSummary {
  return {
    runId: run.id,
    workflowId: run.id,
    appId: run.app_id,
    status: run.status,
    source: run.source,
    revision: run.revision,
    errorMessage: run.error_message,
    awaitingApprovalSince: iso(run.awaiting_since ?? null),
    durationMs:
      run.duration_ms === null || run.duration_ms === undefined
        ? null
        : Math.max(0, Math.round(Number(run.duration_ms))),
    startedAt: iso(run.started_at),
    completedAt: iso(run.completed_at),
    createdAt: iso(run.created_at)!,
  };
}

const iso = (d: StoredTime | null) => (d === null ? null : new Date(d).toISOString());
