import type { Kysely } from 'kysely';
import { describeOutput } from '../../core/run/output-metadata';
import type { Plan, PlanOutput } from '../../core/graph/plan';
import type { NodeOutput } from '../../core/run/run-types';
import { findRun, findRunNodes, planOf } from './runs';
import type { Database, RunNodeRow, RunRow } from './schema';

/** The Run exactly as `GET /v1/runs/{runId}` and webhooks show it. */
export interface RunView {
  runId: string;
  workflowId: string;
  status: RunRow['status'];
  revision: number;
  outputs: ReturnType<typeof presentOutput>[];
  errorMessage: string | null;
  cost: { credits: number };
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

export async function loadRunView(
  db: Kysely<Database>,
  runId: string,
  workspaceId?: string,
): Promise<RunView | null> {
  const run = await findRun(db, runId, workspaceId);
  if (!run) return null;
  return presentRun(run, await findRunNodes(db, runId));
}

/** Each output shows its node's newest revision; reused nodes keep the revision that made them. */
export function presentRun(run: RunRow, nodes: RunNodeRow[]): RunView {
  const latest = new Map<string, RunNodeRow>();
  for (const row of nodes) if (!latest.has(row.node_id)) latest.set(row.node_id, row);
  const outputs = runOutputs(planOf(run), run.execute as string[]).map((o) =>
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

export function presentOutput(output: PlanOutput, row: RunNodeRow | undefined, runStatus: RunRow['status']) {
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

export function presentRunSummary(run: RunRow) {
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

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const TERMINAL_STATUSES = ['completed', 'failed', 'cancelled'] as const;
export const isTerminal = (status: string) => (TERMINAL_STATUSES as readonly string[]).includes(status);
