import type { Kysely } from 'kysely';
import { creditBalance, debitNode, type CreditBalance } from '../../adapters/db/credits';
import { admitExecution, claimDueStarts, claimStaleReservations } from '../../adapters/db/run-admission';
import { insertRun, recordRunState } from '../../adapters/db/runs';
import type { Database } from '../../adapters/db/schema';
import { createWorkspace } from '../../adapters/db/workspaces';
import { newId } from '../../core/ids';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

export interface OverspendScenario {
  admitted: number;
  refused: number;
  /** Once every admission has answered. */
  admittedBalance: CreditBalance;
  /** One admitted run debited its node and has not ended yet. */
  midRunBalance: CreditBalance;
  /** Every admitted run completed, each debited 4 credits. */
  endedBalance: CreditBalance;
  /** Pending starts the starter claims once they are due, and again right after (none: pushed back). */
  claimedStarts: [number, number];
  /** Reservations the sweep claims once they are stale, and again right after. */
  claimedReservations: [number, number];
}

/**
 * The overspend of issue 12 item 2 at the database (and the starter's and the sweep's claims): 30 concurrent admissions of a 4-credit execution
 * into a workspace of 40 credits, then the admitted runs debit their node and complete. Shared by the
 * PostgreSQL test and the PGlite child process (test/support/pglite-admission.ts).
 */
export async function overspendScenario(db: Kysely<Database>): Promise<OverspendScenario> {
  const { workspaceId } = await createWorkspace(db, `admission-${newId()}`, 40);
  const runIds = Array.from({ length: 30 }, () => newId());
  const outcomes = await Promise.all(
    runIds.map((runId) =>
      admitExecution(
        db,
        { runId, revision: 1, workspaceId, credits: 4, start: { runId }, startAfterSeconds: 30 },
        (trx) =>
          insertRun(trx, {
            id: runId,
            workspace_id: workspaceId,
            app_id: QUOTE_CARD,
            user_id: null,
            status: 'queued',
            source: 'api',
            inputs: '{}',
            plan: '{}',
            execute: '[]',
            revision: 1,
            webhook_url: null,
            cost_credits: 0,
          }),
      ),
    ),
  );
  const admitted = runIds.filter((_, i) => outcomes[i].admitted);
  const admittedBalance = await creditBalance(db, workspaceId);
  await db
    .updateTable('run_starts')
    .set({ due_at: new Date(0) })
    .execute();
  await db
    .updateTable('credit_reservations')
    .set({ checked_at: new Date(0) })
    .execute();
  const claimStarts = async () => (await claimDueStarts(db, 50)).length;
  const claimReservations = async () =>
    (await claimStaleReservations(db, { limit: 50, staleSeconds: 60 })).length;
  const claimedStarts: [number, number] = [await claimStarts(), await claimStarts()];
  const claimedReservations: [number, number] = [await claimReservations(), await claimReservations()];
  const debit = (runId: string) =>
    debitNode(db, {
      runId,
      workspaceId,
      nodeId: 'card',
      revision: 1,
      credits: 4,
      reason: 'image.generate card',
    });
  await debit(admitted[0]);
  const midRunBalance = await creditBalance(db, workspaceId);
  for (const runId of admitted) {
    if (runId !== admitted[0]) await debit(runId);
    await recordRunState(db, { runId, revision: 1, status: 'completed', errorMessage: null });
  }
  return {
    admitted: admitted.length,
    refused: runIds.length - admitted.length,
    admittedBalance,
    midRunBalance,
    endedBalance: await creditBalance(db, workspaceId),
    claimedStarts,
    claimedReservations,
  };
}
