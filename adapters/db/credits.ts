import { sql, type Kysely } from 'kysely';
import { newId } from '../../core/ids';
import type { Database } from './schema';

export interface CreditBalance {
  /** What the workspace can still spend: earned, less spent, less what executions in flight hold. */
  balance: number;
  totalEarned: number;
  totalSpent: number;
  /** Held by executions in flight: each one's reservation less what it has been debited so far. */
  reserved: number;
}

/**
 * The ledger is the truth for what was earned and spent (grants positive, debits negative); an
 * execution in flight also holds its reservation (adapters/db/run-admission.ts) until it ends. A
 * reservation counts only while its run is queued or running at that revision, so one left behind by
 * an ended run can never lower the balance.
 */
export async function creditBalance(db: Kysely<Database>, workspaceId: string): Promise<CreditBalance> {
  const ledger = await db
    .selectFrom('credit_ledger')
    .select([
      sql<string>`coalesce(sum(amount) filter (where amount > 0), 0)`.as('earned'),
      sql<string>`coalesce(-sum(amount) filter (where amount < 0), 0)`.as('spent'),
    ])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const held = await db
    .selectFrom('credit_reservations as r')
    .innerJoin('runs', (join) =>
      join.onRef('runs.id', '=', 'r.run_id').onRef('runs.revision', '=', 'r.revision'),
    )
    .where('r.workspace_id', '=', workspaceId)
    .where('runs.status', 'in', ['queued', 'running'])
    .select(
      sql<string>`coalesce(sum(greatest(r.credits - coalesce((
        select -sum(l.amount) from credit_ledger l where l.run_id = r.run_id and l.revision = r.revision
      ), 0), 0)), 0)`.as('reserved'),
    )
    .executeTakeFirstOrThrow();
  const [earned, spent, reserved] = [ledger.earned, ledger.spent, held.reserved].map(Number);
  return { balance: cents(earned - spent - reserved), totalEarned: earned, totalSpent: spent, reserved };
}

/** Whether the workspace's balance covers `credits` (a run's worst-case cost), and the balance itself. */
export async function affordability(
  db: Kysely<Database>,
  workspaceId: string,
  credits: number,
): Promise<{ affordable: boolean; balance: number }> {
  const { balance } = await creditBalance(db, workspaceId);
  return { affordable: balance >= credits, balance };
}

/** Ends an execution's hold: its debits stand and the rest of its reservation is free again. */
export async function releaseReservation(
  db: Kysely<Database>,
  execution: { runId: string; revision: number },
): Promise<void> {
  await db
    .deleteFrom('credit_reservations')
    .where('run_id', '=', execution.runId)
    .where('revision', '=', execution.revision)
    .execute();
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** Adds credits to a workspace (an opening grant, an operator's top-up). */
export async function grantCredits(
  db: Kysely<Database>,
  grant: { workspaceId: string; amount: number; reason: string },
): Promise<void> {
  await db
    .insertInto('credit_ledger')
    .values({ id: newId(), workspace_id: grant.workspaceId, amount: grant.amount, reason: grant.reason })
    .execute();
}

/**
 * Debits a completed node once per (run, node, revision) and adds it to the run's cost. True when this
 * call made the debit, false when it was made before (a retried record) or costs nothing.
 */
export async function debitNode(
  db: Kysely<Database>,
  debit: {
    runId: string;
    workspaceId: string;
    nodeId: string;
    revision: number;
    credits: number;
    reason: string;
  },
): Promise<boolean> {
  if (debit.credits <= 0) return false;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('credit_ledger')
      .values({
        id: newId(),
        workspace_id: debit.workspaceId,
        run_id: debit.runId,
        node_id: debit.nodeId,
        revision: debit.revision,
        amount: -debit.credits,
        reason: debit.reason,
      })
      .onConflict((oc) =>
        oc.columns(['run_id', 'node_id', 'revision']).where('run_id', 'is not', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (inserted)
      await trx
        .updateTable('runs')
        .set({ cost_credits: sql`cost_credits + ${debit.credits}` })
        .where('id', '=', debit.runId)
        .execute();
    return inserted !== undefined;
  });
}
