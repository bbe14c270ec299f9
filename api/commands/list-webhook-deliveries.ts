import type { Caller } from '../../core/app/app-access';
import { listDeliveryAttempts } from '../../adapters/db/webhook-deliveries';
import type { ApiDeps } from '../deps';
import { findOwnRun } from './find-own-run';

/** GET /v1/webhooks/deliveries: every delivery attempt of one of the caller's runs. */
export async function listWebhookDeliveries(deps: ApiDeps, caller: Caller, runId: string) {
  const run = await findOwnRun(deps, caller, runId);
  return listDeliveryAttempts(deps.db, run.id);
}
