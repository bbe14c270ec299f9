import { sql, type Kysely } from 'kysely';
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
