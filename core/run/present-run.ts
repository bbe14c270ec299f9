import { describeOutput } from './output-metadata';
import type { Plan, PlanOutput } from '../graph/plan';
import type { NodeStatus, RunSource, RunStatus } from './run-status';
import type { NodeOutput } from './run-types';

type StoredTime = Date | string;

/** The columns of a stored run that its presentation reads (a `runs` row has them). */
export interface StoredRun {
  id: string;
  app_id: string;
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
}

/** The Run exactly as `GET /v1/runs/{runId}` and webhooks show it. */
export interface RunView {
  runId: string;
  workflowId: string;
  status: RunStatus;
  revision: number;
  outputs: ReturnType<typeof presentOutput>[];
  errorMessage: string | null;
  cost: { credits: number };
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

/**
 * The Run from its row and its node states (newest revision first).
 * Each output shows its node's newest revision; reused nodes keep the revision that made them.
 */
export function presentRun(run: StoredRun, nodes: StoredRunNode[]): RunView {
  const latest = new Map<string, StoredRunNode>();
  for (const row of nodes) if (!latest.has(row.node_id)) latest.set(row.node_id, row);
  const outputs = runOutputs(run.plan as Plan, run.execute as string[]).map((o) =>
    presentOutput(o, latest.get(o.nodeId), run.status),
  );
  return {
    runId: run.id,
    workflowId: run.id,
    status: run.status,
    revision: run.revision,
    outputs,
    errorMessage: run.error_message,
    cost: { credits: Number(run.cost_credits) },
    startedAt: iso(run.started_at),
    completedAt: iso(run.completed_at),
    createdAt: iso(run.created_at)!,
  };
}

export function runOutputs(plan: Plan, execute: string[]): PlanOutput[] {
  return plan.outputs.filter((o) => execute.includes(o.nodeId));
}

export function presentOutput(output: PlanOutput, row: StoredRunNode | undefined, runStatus: RunStatus) {
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

function completedOutput(output: NodeOutput) {
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

export function presentRunSummary(run: StoredRun) {
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
