import type { Middleware } from 'koa';
import type { Kysely } from 'kysely';
import { AtelierError } from '../../core/errors';
import type { Caller } from '../../core/app-access';
import { findKey, type KeyContext } from '../../adapters/db/api-keys';
import type { Database } from '../../adapters/db/schema';

/** Reads the key from `x-api-key` or `Authorization: Bearer`, and puts the Caller on `ctx.state.caller`. */
export function authenticate(options: { db: Kysely<Database> }): Middleware {
  return async function authenticateMiddleware(ctx, next) {
    const key = presentedKey(ctx.get('x-api-key'), ctx.get('authorization'));
    if (!key) throw new AtelierError('AUTH_MISSING_KEY', 'Missing API key: send x-api-key or Authorization: Bearer');
    let record: KeyContext | null;
    try {
      record = await findKey(options.db, key);
    } catch {
      throw new AtelierError('AUTH_FAILED', 'Could not validate the API key; try again');
    }
    if (!record || record.revoked) throw new AtelierError('AUTH_INVALID_KEY', 'Invalid API key');
    if (!record.workspaceId || !record.userId || !record.role)
      throw new AtelierError('AUTH_INVALID_CONTEXT', 'API key has no workspace or user context');
    const caller: Caller = { workspaceId: record.workspaceId, userId: record.userId, role: record.role };
    ctx.state.caller = caller;
    await next();
  };
}

function presentedKey(apiKeyHeader: string, authorization: string): string | null {
  if (apiKeyHeader.trim()) return apiKeyHeader.trim();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : null;
}
