import { createHash } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import type { Kysely } from 'kysely';
import type { Caller } from '../../core/app/app-access';
import { AtelierError, invalidField } from '../../core/errors';
import { canonicalJson, deterministicUuid } from '../../core/ids';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_TTL_HOURS, IDEMPOTENCY_WAIT_MS } from '../../core/limits';
import {
  claimKey,
  findKeyRecord,
  recordAnswer,
  releaseKey,
  takeOverKey,
  type KeyRef,
} from '../../adapters/db/idempotency-keys';
import type { Database } from '../../adapters/db/schema';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const POLL_MS = 100;

/** What a route that starts work reads of the key: the run id its new run takes. */
export interface IdempotencyState {
  /** The same for every request with this key in this workspace, so a retry finds the run, not a second. */
  runId: string;
}

export interface IdempotencyOptions {
  db: Kysely<Database>;
  /** A claim whose request has given no answer for this long is taken over (IDEMPOTENCY_LEASE_SECONDS). */
  leaseSeconds: number;
  /** Whether the matched route starts work and so honours the header. */
  startsWork(ctx: Context): boolean;
}

/**
 * `Idempotency-Key` on a POST that starts work (issue 25 item 5).
 * 1. The key is claimed for the request (one INSERT: of concurrent duplicates exactly one wins); the
 *    route gets a run id derived from the workspace and the key (`ctx.state.idempotency`).
 * 2. The owner runs the route; a 2xx answer is kept for 24 h, any other outcome lets the key go.
 * 3. A duplicate with another body (method, path, query and body hashed) is 422 idempotency_key_reused.
 *    One whose first request has answered gets that answer (`Idempotent-Replayed: true`); one whose first
 *    request is still running waits for it; one whose first request went quiet for the lease (a minute; its process
 *    died) takes over, and the derived run id makes the route find the run already admitted, not make one.
 */
export function idempotency(options: IdempotencyOptions): Middleware {
  return async function idempotencyMiddleware(ctx, next) {
    const key = ctx.get(IDEMPOTENCY_HEADER);
    if (!key || ctx.method !== 'POST' || !options.startsWork(ctx)) return next();
    if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(key))
      throw invalidField(
        'Idempotency-Key',
        'invalid_idempotency_key',
        `Idempotency-Key: 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
      );
    const caller: Caller = ctx.state.caller;
    const ref: KeyRef = { workspaceId: caller.workspaceId, key };
    const requestHash = hashRequest(ctx);
    ctx.state.idempotency = {
      runId: deterministicUuid('idempotency', ref.workspaceId, key),
    } satisfies IdempotencyState;
    if (await claimKey(options.db, { ...ref, requestHash, ttlHours: IDEMPOTENCY_TTL_HOURS }))
      return answerAsOwner(options.db, ref, ctx, next);
    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    for (;;) {
      const record = await findKeyRecord(options.db, ref);
      if (!record) {
        // The first request failed and let the key go: this one starts afresh.
        if (await claimKey(options.db, { ...ref, requestHash, ttlHours: IDEMPOTENCY_TTL_HOURS }))
          return answerAsOwner(options.db, ref, ctx, next);
        continue;
      }
      if (record.requestHash !== requestHash) throw reused();
      if (record.answer) {
        ctx.status = record.answer.status;
        ctx.body = record.answer.body;
        ctx.set('Idempotent-Replayed', 'true');
        return;
      }
      if (await takeOverKey(options.db, { ...ref, leaseSeconds: options.leaseSeconds }))
        return answerAsOwner(options.db, ref, ctx, next);
      if (Date.now() >= deadline)
        throw new AtelierError(
          'RESOURCE_UNAVAILABLE',
          'A request with this Idempotency-Key is still in progress; retry it shortly',
        );
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
}

async function answerAsOwner(db: Kysely<Database>, ref: KeyRef, ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (err) {
    await releaseKey(db, ref);
    throw err;
  }
  if (ctx.status >= 200 && ctx.status < 300)
    await recordAnswer(db, { ...ref, status: ctx.status, body: ctx.body });
  else await releaseKey(db, ref);
}

/** The request a key stands for: method, path, query and body, canonically serialised. */
function hashRequest(ctx: Context): string {
  const request = [ctx.method, ctx.path, canonicalJson(ctx.query), canonicalJson(ctx.request.body ?? null)];
  return createHash('sha256').update(request.join('\n')).digest('hex');
}

const reused = () =>
  new AtelierError('VALIDATION_ERROR', 'This Idempotency-Key was used with another request', {
    status: 422,
    details: [
      {
        param: 'Idempotency-Key',
        code: 'idempotency_key_reused',
        message: 'Idempotency-Key: already used within 24 h with another body, path or query; use a new key',
      },
    ],
  });
