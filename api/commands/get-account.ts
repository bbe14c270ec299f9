import type { Caller } from '../../core/app/app-access';
import { notFound } from '../../core/errors';
import { RATE_LIMIT_WINDOW_MS } from '../../core/limits';
import type { Account } from '../../core/responses/account';
import { findAccount } from '../../adapters/db/account';
import type { ApiDeps } from '../deps';

/** GET /v1/account: who the key acts as (workspace, key name and prefix, role) and its rate limit. */
export async function getAccount(deps: ApiDeps, caller: Caller): Promise<Account> {
  const record = await findAccount(deps.db, caller.workspaceId, caller.keyId);
  if (!record) throw notFound('Workspace');
  return {
    workspace: { ...record.workspace, createdAt: record.workspace.createdAt.toISOString() },
    key: record.key ? { ...record.key, createdAt: record.key.createdAt.toISOString() } : null,
    role: caller.role,
    rateLimit: { limit: deps.config.RATE_LIMIT_PER_MINUTE, windowMs: RATE_LIMIT_WINDOW_MS },
  };
}
