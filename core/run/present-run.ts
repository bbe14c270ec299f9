import { describeOutput } from './output-metadata';
import type { Plan, PlanOutput } from '../graph/plan';
import type { NodeStatus, RunSource, RunStatus } from './run-status';
import type { NodeOutput } from './run-types';
import type { AwaitingApproval, Run, RunNode, RunOutput, RunSummary } from '../responses/runs';

type StoredTime = Date | string;

/** The columns of a stored run that its presentation reads (a `runs` row has them). */
export interface StoredRun {
  id: string;
  app_id: string;
  /** The app's version when the run started (null for synthetic apps; absent on rows older than migration 007). */
  app_version?: number | null;
  status: RunStatus;
  source: RunSource;
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
}

/** The Run exactly as `GET /v1/runs/{runId}` and webhooks show it (core/responses/runs.ts). */
export type RunView = Run;

/**
 * The Run from its row and its node states (newest revision first).
 * Each output shows its node's newest revision; reused nodes keep the revision that made them.
 */
export function presentRun(run: StoredRun, rows: StoredRunNode[]): RunView {
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
    outputs,
    nodes,
    awaitingApproval: awaitingApproval(run.id, nodes, latest),
    errorMessage: run.error_message,
    cost: { credits: Number(run.cost_credits) },
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
    };
  });
}

/** The first node (in plan order) waiting for a human decision, and where to send it. */
function awaitingApproval(
  runId: string,
  nodes: RunNode[],
  latest: Map<string, StoredRunNode>,
): AwaitingApproval | null {
  const node = nodes.find((n) => n.status === 'awaiting_approval');
  if (!node) return null;
  const row = latest.get(node.id)!;
  return {
    nodeId: node.id,
    label: node.label,
    since: iso(row.updated_at ?? row.started_at ?? new Date(0))!,
    approvalUrl: `/v1/runs/${runId}/approvals/${encodeURIComponent(node.id)}`,
  };
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

export function presentRunSummary(run: StoredRun): RunSummary {
  return {
    runId: run.id,
    workflowId: run.id,
    appId: run.app_id,
    status: run.status,
    source: run.source,
    revision: run.revision,
    errorMessage: run.error_message,
    startedAt: iso(run.started_at),
    completedAt: iso(run.completed_at),
    createdAt: iso(run.created_at)!,
  };
}

const iso = (d: StoredTime | null) => (d === null ? null : new Date(d).toISOString());
