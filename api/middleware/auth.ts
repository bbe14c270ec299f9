import type { Context, Middleware, Next } from 'koa';
import type { Kysely } from 'kysely';
import { AtelierError } from '../../core/errors';
import type { Caller } from '../../core/app/app-access';
import { findKey, type KeyContext } from '../../adapters/db/api-keys';
import type { Database } from '../../adapters/db/schema';

const CACHE_MAX_ENTRIES = 10_000;

export interface AuthOptions {
  db: Kysely<Database>;
  /** How long a valid key's lookup is reused; a revocation takes effect within this time. 0 disables. */
  cacheMs: number;
}

/** Reads the key from `x-api-key` or `Authorization: Bearer`, and puts the Caller on `ctx.state.caller`. */
export function authenticate(options: AuthOptions): Middleware {
  const cache = new Map<string, { caller: Caller; expires: number }>();
  const lookUpThenNext = async (ctx: Context, key: string, next: Next) => {
    ctx.state.caller = callerOf(await lookUp(options.db, key));
    if (options.cacheMs > 0) {
      if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
      cache.set(key, { caller: ctx.state.caller, expires: Date.now() + options.cacheMs });
    }
    await next();
  };
  // Not async: a cached key costs no promise of its own (the middleware of every request).
  return function authenticateMiddleware(ctx, next) {
    const key = presentedKey(ctx.get('x-api-key'), ctx.get('authorization'));
    if (!key)
      throw new AtelierError('AUTH_MISSING_KEY', 'Missing API key: send x-api-key or Authorization: Bearer');
    const cached = cache.get(key);
    if (!cached || cached.expires <= Date.now()) return lookUpThenNext(ctx, key, next);
    ctx.state.caller = cached.caller;
    return next();
  };
}

/** The Caller behind a request's key headers; the AtelierError of the contract otherwise. */
export async function callerFromHeaders(
  db: Kysely<Database>,
  headers: { 'x-api-key'?: string | string[]; authorization?: string },
): Promise<Caller> {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
  const key = presentedKey(first(headers['x-api-key']), first(headers.authorization));
  if (!key)
    throw new AtelierError('AUTH_MISSING_KEY', 'Missing API key: send x-api-key or Authorization: Bearer');
  return callerOf(await lookUp(db, key));
}

async function lookUp(db: Kysely<Database>, key: string): Promise<KeyContext | null> {
  try {
    return await findKey(db, key);
  } catch {
    throw new AtelierError('AUTH_FAILED', 'Could not validate the API key; try again');
  }
}

function callerOf(record: KeyContext | null): Caller {
  if (!record) throw new AtelierError('AUTH_INVALID_KEY', 'Invalid API key');
  // Same code; the message tells a person whose key worked yesterday why it no longer does.
  if (record.revoked) throw new AtelierError('AUTH_INVALID_KEY', 'This API key was revoked');
  if (!record.workspaceId || !record.userId || !record.role)
    throw new AtelierError('AUTH_INVALID_CONTEXT', 'API key has no workspace or user context');
  return { workspaceId: record.workspaceId, userId: record.userId, role: record.role, keyId: record.keyId };
}

function presentedKey(apiKeyHeader: string, authorization: string): string | null {
  if (apiKeyHeader.trim()) return apiKeyHeader.trim();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : null;
}
