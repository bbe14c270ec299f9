import type { Caller } from '../../core/app/app-access';
import { publicUrl } from '../../core/config';
import { RATE_LIMIT_WINDOW_MS } from '../../core/limits';
import { creditBalance } from '../../adapters/db/credits';
import type { Usage } from '../../core/responses/account';
import type { ApiDeps } from '../deps';

/** GET /v1/account/usage: the workspace's credits, the rate limit, and where credits are managed. */
export async function accountUsage(deps: ApiDeps, caller: Caller): Promise<Usage> {
  return {
    credits: await creditBalance(deps.db, caller.workspaceId),
    rateLimit: { limit: deps.config.RATE_LIMIT_PER_MINUTE, windowMs: RATE_LIMIT_WINDOW_MS },
    manageUrl: deps.config.CREDITS_MANAGE_URL ?? `${publicUrl(deps.config)}/v1/account/usage`,
  };
}
