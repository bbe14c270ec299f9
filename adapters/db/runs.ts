import { sql, type Kysely } from 'kysely';
import type { Plan } from '../../core/graph/plan';
import type { NodeOutput, NodeQuality, NodeReview } from '../../core/run/run-types';
import { recordRevisionState } from './run-revisions';
import { settleExecution } from './run-admission';
import type { Database, NewRun, NodeStatus, RunRow, RunSource, RunStatus } from './schema';

export async function insertRun(db: Kysely<Database>, run: Omit<NewRun, 'updated_at'>): Promise<void> {
  await db
    .insertInto('runs')
    .values({ ...run, updated_at: new Date() })
    .execute();
}

export async function deleteRun(db: Kysely<Database>, runId: string): Promise<void> {
  await db.deleteFrom('runs').where('id', '=', runId).execute();
}

export async function findRun(
  db: Kysely<Database>,
  runId: string,
  workspaceId?: string,
): Promise<RunRow | undefined> {
  let q = db.selectFrom('runs').selectAll().where('id', '=', runId);
  if (workspaceId) q = q.where('workspace_id', '=', workspaceId);
  return q.executeTakeFirst();
}

export async function findRunNodes(db: Kysely<Database>, runId: string) {
  return db
    .selectFrom('run_nodes')
    .selectAll()
    .where('run_id', '=', runId)
    .orderBy('revision', 'desc')
    .execute();
}

export interface NodeRecord {
  runId: string;
  nodeId: string;
  nodeType: string;
  revision: number;
  status: NodeStatus;
  output: NodeOutput | null;
  error: string | null;
  attempts?: number;
  review?: NodeReview;
  quality?: NodeQuality;
}

/** Upserts a node's state for a revision; the same call twice leaves the same row. */
export async function recordNodeState(db: Kysely<Database>, record: NodeRecord): Promise<void> {
  const now = new Date();
  const terminal = ['completed', 'failed', 'skipped', 'cancelled'].includes(record.status);
  await db
    .insertInto('run_nodes')
    .values({
      run_id: record.runId,
      node_id: record.nodeId,
      revision: record.revision,
      status: record.status,
      attempts: record.attempts ?? (record.status === 'running' ? 1 : 0),
      error: record.error,
      output: record.output ? JSON.stringify(record.output) : null,
      started_at: record.status === 'running' ? now : null,
      completed_at: terminal ? now : null,
      updated_at: now,
      review: record.review ? JSON.stringify(record.review) : null,
      quality: record.quality ? JSON.stringify(record.quality) : null,
    })
    .onConflict((oc) =>
      oc.columns(['run_id', 'node_id', 'revision']).doUpdateSet((eb) => ({
        status: record.status,
        error: record.error,
        output: record.output ? JSON.stringify(record.output) : eb.ref('run_nodes.output'),
        review: record.review ? JSON.stringify(record.review) : eb.ref('run_nodes.review'),
        quality: record.quality ? JSON.stringify(record.quality) : eb.ref('run_nodes.quality'),
        attempts: record.attempts !== undefined ? record.attempts : eb.ref('run_nodes.attempts'),
        started_at: sql<Date>`coalesce(run_nodes.started_at, ${record.status === 'running' ? now : null})`,
        completed_at: terminal ? now : null,
        updated_at: now,
      })),
    )
    .execute();
}

/**
 * A node's activity began Temporal's attempt `attempt` (a retry, perhaps on another worker): the node's
 * `attempts` is at least that. Only a node already recorded running is touched.
 */
export async function recordNodeAttempt(
  db: Kysely<Database>,
  node: { runId: string; nodeId: string; revision: number; attempt: number },
): Promise<void> {
  await db
    .updateTable('run_nodes')
    .set((eb) => ({
      attempts: sql<number>`greatest(${eb.ref('attempts')}, ${node.attempt})`,
      updated_at: new Date(),
    }))
    .where('run_id', '=', node.runId)
    .where('node_id', '=', node.nodeId)
    .where('revision', '=', node.revision)
    .execute();
}

/**
 * Moves a run to a status for one revision. A cancelled run stays cancelled: the workflow's own
 * late writes cannot undo a cancel the API has already answered.
 */
export async function recordRunState(
  db: Kysely<Database>,
  update: { runId: string; revision: number; status: RunStatus; errorMessage: string | null },
): Promise<void> {
  const now = new Date();
  let q = db.updateTable('runs').where('id', '=', update.runId).where('revision', '=', update.revision);
  if (update.status !== 'cancelled') q = q.where('status', '!=', 'cancelled');
  if (update.status === 'running') {
    await q
      .set({
        status: 'running',
        started_at: sql`coalesce(started_at, ${now})`,
        completed_at: null,
        error_message: null,
        updated_at: now,
      })
      .execute();
    await recordRevisionState(db, update, now);
    return;
  }
  // The workflow confirms a cancel the API already recorded: the run keeps the time it was cancelled at.
  const completedAt = update.status === 'cancelled' ? sql<Date>`coalesce(completed_at, ${now})` : now;
  await q
    .set({
      status: update.status,
      completed_at: completedAt,
      error_message: update.errorMessage,
      updated_at: now,
    })
    .execute();
  await recordRevisionState(db, update, now);
  // The execution ended: its debits stand, the rest of its reservation is free, nothing is left to start.
  await settleExecution(db, update);
  if (update.status === 'cancelled') {
    await db
      .updateTable('run_nodes')
      .set({ status: 'cancelled', error: 'cancelled', completed_at: now, updated_at: now })
      .where('run_id', '=', update.runId)
      .where('revision', '=', update.revision)
      .where('status', 'in', ['pending', 'running', 'awaiting_approval'])
      .execute();
  }
}

/** Marks a queued or running run cancelled; returns the status the run has afterwards. */
export async function cancelRunRecord(db: Kysely<Database>, runId: string): Promise<RunStatus | undefined> {
  const now = new Date();
  await db
    .updateTable('runs')
    .set({ status: 'cancelled', completed_at: now, error_message: 'Run cancelled', updated_at: now })
    .where('id', '=', runId)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  const row = await db
    .selectFrom('runs')
    .select(['status', 'revision'])
    .where('id', '=', runId)
    .executeTakeFirst();
  if (row?.status === 'cancelled')
    await recordRunState(db, {
      runId,
      revision: row.revision,
      status: 'cancelled',
      errorMessage: 'Run cancelled',
    });
  return row?.status;
}

/**
 * Which runs GET /v1/runs lists: by app, status and source, created at or after `since` (ISO 8601), one page.
 * `awaiting_approval` is a running run whose current revision has a node waiting for a person.
 */
export interface RunFilter {
  appId?: string;
  status?: RunStatus | 'awaiting_approval';
  source?: RunSource;
  since?: string;
  limit: number;
  offset: number;
}

export async function listRuns(db: Kysely<Database>, workspaceId: string, filter: RunFilter) {
  let q = db.selectFrom('runs').where('workspace_id', '=', workspaceId);
  if (filter.since) q = q.where('created_at', '>=', new Date(filter.since));
  if (filter.appId) q = q.where('app_id', '=', filter.appId);
  if (filter.status === 'awaiting_approval')
    q = q
      .where('status', '=', 'running')
      .where(sql<boolean>`exists (${awaitingNodes} ${sql.raw('limit 1')})`);
  else if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.source) q = q.where('source', '=', filter.source);
  const [{ total }] = await q.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await q
    .selectAll()
    .select([
      sql<Date | null>`(select min(updated_at) from (${awaitingNodes}) waiting)`.as('awaiting_since'),
      runDurationMs.as('duration_ms'),
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows, total: Number(total) };
}

/** The nodes of a running run's current revision that wait for a person (correlated with `runs`). */
const awaitingNodes = sql`select run_nodes.updated_at from run_nodes
  where run_nodes.run_id = runs.id and run_nodes.revision = runs.revision
  and run_nodes.status = 'awaiting_approval' and runs.status = 'running'`;

/**
 * A run's own working time: each revision that has ended, from its start to its end, summed (as the Run
 * presents it, core/run/present-run.ts); runs from before revisions were recorded count from their start
 * to their end.
 */
const runDurationMs = sql<number | null>`coalesce(
  (select sum(extract(epoch from (rr.completed_at - rr.started_at)) * 1000)
    from run_revisions rr where rr.run_id = runs.id and rr.started_at is not null and rr.completed_at is not null),
  extract(epoch from (runs.completed_at - runs.started_at)) * 1000)`;

export const planOf = (row: RunRow) => row.plan as Plan;
