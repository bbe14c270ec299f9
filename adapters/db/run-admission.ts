import { sql, type Kysely } from 'kysely';
import { creditBalance, releaseReservation } from './credits';
import type { Database, RunStatus } from './schema';

export interface ExecutionKey {
  runId: string;
  revision: number;
}

export interface Admission extends ExecutionKey {
  workspaceId: string;
  /** What the execution may cost at most: held until it ends. */
  credits: number;
  /** The workflow start, kept until Temporal confirms it so that the starter can make it later. */
  start: unknown;
  /** From when the starter may take the start over (the admitting API is trying until then). */
  startAfterSeconds: number;
}

export type AdmissionResult = { admitted: true } | { admitted: false; balance: number };

/**
 * Admits an execution in one transaction, so that concurrent admissions cannot overspend a workspace:
 * 1. lock the workspace row (FOR NO KEY UPDATE: admissions of one workspace queue behind each other;
 *    the foreign-key checks of debits and inserts do not wait for it);
 * 2. the balance (the ledger less what executions in flight hold) must cover `credits`; if it does
 *    not, nothing is written;
 * 3. `record` writes the run's new state (it may refuse by throwing: the transaction rolls back);
 * 4. the reservation and the pending start are written.
 */
export async function admitExecution(
  db: Kysely<Database>,
  admission: Admission,
  record: (trx: Kysely<Database>) => Promise<void>,
): Promise<AdmissionResult> {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('workspaces')
      .select('id')
      .where('id', '=', admission.workspaceId)
      .forNoKeyUpdate()
      .execute();
    const { balance } = await creditBalance(trx, admission.workspaceId);
    if (balance < admission.credits) return { admitted: false, balance };
    await record(trx);
    await trx
      .insertInto('credit_reservations')
      .values({
        run_id: admission.runId,
        revision: admission.revision,
        workspace_id: admission.workspaceId,
        credits: admission.credits,
      })
      .execute();
    await trx
      .insertInto('run_starts')
      .values({
        run_id: admission.runId,
        revision: admission.revision,
        input: JSON.stringify(admission.start),
        due_at: sql<Date>`now() + make_interval(secs => ${admission.startAfterSeconds})`,
      })
      .execute();
    return { admitted: true };
  });
}

/** Temporal confirmed the start: nothing is left for the starter. */
export async function confirmStart(db: Kysely<Database>, execution: ExecutionKey): Promise<void> {
  await db
    .deleteFrom('run_starts')
    .where('run_id', '=', execution.runId)
    .where('revision', '=', execution.revision)
    .execute();
}

/** The execution ended (or never will run): its hold and any pending start go. */
export async function settleExecution(db: Kysely<Database>, execution: ExecutionKey): Promise<void> {
  await releaseReservation(db, execution);
  await confirmStart(db, execution);
}

/**
 * Withdraws an execution Temporal certainly did not start: in one transaction the reservation and
 * the pending start go and `undo` puts the run back as it was.
 */
export async function withdrawExecution(
  db: Kysely<Database>,
  execution: ExecutionKey,
  undo: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await settleExecution(trx, execution);
    await undo(trx);
  });
}

export interface DueStart extends ExecutionKey {
  start: unknown;
  attempts: number;
  /** The run as it is now: only a run still queued at this revision needs its workflow started. */
  runStatus: RunStatus;
  runRevision: number;
}

/**
 * Claims up to `limit` pending starts that are due: each is pushed back (30 s, doubling per attempt,
 * at most 10 min) so that another starter, or this one's next pass, takes it only if this one fails.
 */
export async function claimDueStarts(db: Kysely<Database>, limit: number): Promise<DueStart[]> {
  const { rows } = await sql<{
    run_id: string;
    revision: number;
    input: unknown;
    attempts: number;
    run_status: RunStatus;
    run_revision: number;
  }>`
    UPDATE run_starts s
    SET attempts = s.attempts + 1,
        due_at = now() + make_interval(secs => least(30 * power(2, s.attempts), 600))
    FROM runs
    WHERE runs.id = s.run_id
      AND (s.run_id, s.revision) IN (
        SELECT run_id, revision FROM run_starts WHERE due_at <= now()
        ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING s.run_id, s.revision, s.input, s.attempts, runs.status AS run_status, runs.revision AS run_revision`.execute(
    db,
  );
  return rows.map((r) => ({
    runId: r.run_id,
    revision: r.revision,
    start: r.input,
    attempts: r.attempts,
    runStatus: r.run_status,
    runRevision: r.run_revision,
  }));
}

export interface HeldExecution extends ExecutionKey {
  runStatus: RunStatus;
  runRevision: number;
  /** Its start is not confirmed yet: the starter's business, not the sweep's. */
  startPending: boolean;
}

/**
 * Claims up to `limit` reservations not looked at for `staleSeconds`, with their run's state, and
 * marks them looked at: the sweep checks that each still belongs to a live execution.
 */
export async function claimStaleReservations(
  db: Kysely<Database>,
  options: { limit: number; staleSeconds: number },
): Promise<HeldExecution[]> {
  const { rows } = await sql<{
    run_id: string;
    revision: number;
    run_status: RunStatus;
    run_revision: number;
    start_pending: boolean;
  }>`
    UPDATE credit_reservations r
    SET checked_at = now()
    FROM runs
    WHERE runs.id = r.run_id
      AND (r.run_id, r.revision) IN (
        SELECT run_id, revision FROM credit_reservations
        WHERE checked_at <= now() - make_interval(secs => ${options.staleSeconds})
        ORDER BY checked_at LIMIT ${options.limit} FOR UPDATE SKIP LOCKED)
    RETURNING r.run_id, r.revision, runs.status AS run_status, runs.revision AS run_revision,
      EXISTS (SELECT 1 FROM run_starts s WHERE s.run_id = r.run_id AND s.revision = r.revision) AS start_pending`.execute(
    db,
  );
  return rows.map((r) => ({
    runId: r.run_id,
    revision: r.revision,
    runStatus: r.run_status,
    runRevision: r.run_revision,
    startPending: r.start_pending,
  }));
}

/**
 * Fails an execution that can no longer record its own end (its workflow closed without doing so, or
 * could never be started), if the run is still queued or running at that revision; then settles it.
 * True when the run was failed here.
 */
export async function abandonExecution(
  db: Kysely<Database>,
  execution: ExecutionKey,
  errorMessage: string,
): Promise<boolean> {
  const now = new Date();
  const result = await db
    .updateTable('runs')
    .set({ status: 'failed', error_message: errorMessage, completed_at: now, updated_at: now })
    .where('id', '=', execution.runId)
    .where('revision', '=', execution.revision)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  await settleExecution(db, execution);
  return Number(result.numUpdatedRows) > 0;
}
