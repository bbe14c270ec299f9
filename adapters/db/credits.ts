import { sql, type Kysely } from 'kysely';
import { newId } from '../../core/ids';
import type { Database } from './schema';

export interface CreditBalance {
  balance: number;
  totalEarned: number;
  totalSpent: number;
}

/** The ledger is the truth: the balance is the sum of grants (positive) and debits (negative). */
export async function creditBalance(db: Kysely<Database>, workspaceId: string): Promise<CreditBalance> {
  const row = await db
    .selectFrom('credit_ledger')
    .select([
      sql<string>`coalesce(sum(amount), 0)`.as('balance'),
      sql<string>`coalesce(sum(amount) filter (where amount > 0), 0)`.as('earned'),
      sql<string>`coalesce(-sum(amount) filter (where amount < 0), 0)`.as('spent'),
    ])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return { balance: Number(row.balance), totalEarned: Number(row.earned), totalSpent: Number(row.spent) };
}

/** Whether the workspace's balance covers `credits` (a run's expected cost), and the balance itself. */
export async function affordability(
  db: Kysely<Database>,
  workspaceId: string,
  credits: number,
): Promise<{ affordable: boolean; balance: number }> {
  const { balance } = await creditBalance(db, workspaceId);
  return { affordable: balance >= credits, balance };
}

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

/** Debits a completed node once per (run, node, revision) and adds it to the run's cost. */
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
): Promise<void> {
  if (debit.credits <= 0) return;
  await db.transaction().execute(async (trx) => {
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
  });
}
