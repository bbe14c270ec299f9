import type { Caller } from '../../core/app/app-access';
import { notFound } from '../../core/errors';
import { deleteApp as deleteAppRow } from '../../adapters/db/apps';
import type { AppDeleted } from '../../core/responses/apps';
import type { ApiDeps } from '../deps';
import { findEditableApp } from './load-app';

/**
 * DELETE /v1/apps/{appId}: the app disappears from listings and can no longer run or change; its runs
 * and assets stay readable (they carry their own plan). Own apps only: 403 built-in or another's.
 */
export async function deleteApp(deps: ApiDeps, caller: Caller, appId: string): Promise<AppDeleted> {
  const row = await findEditableApp(deps.db, appId, caller);
  if (!(await deleteAppRow(deps.db, row.id))) throw notFound('App');
  return { appId: row.id, name: row.name, deleted: true };
}
