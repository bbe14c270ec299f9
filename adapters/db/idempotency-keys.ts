import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

export interface IdempotencyRecord {
  requestHash: string;
  claimedAt: Date;
  /** The answer, once the request that claimed the key has given one. */
  answer: { status: number; body: unknown } | null;
}

export interface KeyRef {
  workspaceId: string;
  key: string;
}

/**
 * Claims a key for a request: true when this request now owns it (a new key, or one older than
 * `ttlHours` that is started afresh). One statement, so of concurrent claims exactly one wins.
 */
export async function claimKey(
  db: Kysely<Database>,
  ref: KeyRef & { requestHash: string; ttlHours: number },
): Promise<boolean> {
  await db
    .deleteFrom('idempotency_keys')
    .where('workspace_id', '=', ref.workspaceId)
    .where('key', '=', ref.key)
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${ref.ttlHours})`)
    .execute();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      workspace_id: ref.workspaceId,
      key: ref.key,
      request_hash: ref.requestHash,
      response: null,
      status_code: null,
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findKeyRecord(
  db: Kysely<Database>,
  ref: KeyRef,
): Promise<IdempotencyRecord | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'claimed_at', 'status_code', 'response'])
    .where('workspace_id', '=', ref.workspaceId)
    .where('key', '=', ref.key)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    requestHash: row.request_hash,
    claimedAt: new Date(row.claimed_at),
    answer: row.status_code === null ? null : { status: row.status_code, body: row.response },
  };
}

/** Takes over a claim whose request has been quiet for `leaseSeconds` (its process died): true for one taker. */
export async function takeOverKey(
  db: Kysely<Database>,
  ref: KeyRef & { leaseSeconds: number },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ claimed_at: sql<Date>`now()` })
    .where('workspace_id', '=', ref.workspaceId)
    .where('key', '=', ref.key)
    .where('status_code', 'is', null)
    .where('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${ref.leaseSeconds})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordAnswer(
  db: Kysely<Database>,
  ref: KeyRef & { status: number; body: unknown },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: ref.status, response: JSON.stringify(ref.body) })
    .where('workspace_id', '=', ref.workspaceId)
    .where('key', '=', ref.key)
    .execute();
}

/** Lets the key go: the request it was claimed for failed, so the next one with it runs afresh. */
export async function releaseKey(db: Kysely<Database>, ref: KeyRef): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('workspace_id', '=', ref.workspaceId)
    .where('key', '=', ref.key)
    .where('status_code', 'is', null)
    .execute();
}
