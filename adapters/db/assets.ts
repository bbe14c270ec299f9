import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface AssetFilter {
  runId?: string;
  type?: 'image' | 'video' | 'audio' | 'text';
  limit: number;
  offset: number;
}

/** Completed assets of completed runs in the workspace, newest first; transferred files (no run) too. */
export async function listAssets(db: Kysely<Database>, workspaceId: string, filter: AssetFilter) {
  let q = db
    .selectFrom('assets')
    .leftJoin('runs', 'runs.id', 'assets.run_id')
    .where('assets.workspace_id', '=', workspaceId)
    .where('assets.status', '=', 'completed')
    .where((eb) => eb.or([eb('assets.run_id', 'is', null), eb('runs.status', '=', 'completed')]));
  if (filter.runId) q = q.where('assets.run_id', '=', filter.runId);
  if (filter.type) q = q.where('assets.output_type', '=', filter.type);
  const [{ total }] = await q.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await q
    .selectAll('assets')
    .orderBy('assets.created_at', 'desc')
    .orderBy('assets.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows, total: Number(total) };
}
