import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newId } from '../../core/ids';
import type { MediaRef, NodeOutput } from '../../core/run/run-types';
import type { AssetsTable, Database } from './schema';

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

/** The workspace's completed asset stored under `key` (a node output or a transfer), if any. */
export async function findAssetByStorageKey(db: Kysely<Database>, workspaceId: string, key: string) {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('storage_key', '=', key)
    .where('status', '=', 'completed')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The content columns of an asset: a stored file, or text kept inline. */
export type AssetContent = { ref: MediaRef } | { text: string };

function contentColumns(content: AssetContent) {
  if ('ref' in content)
    return {
      cdn_url: content.ref.url,
      storage_key: content.ref.key,
      mime_type: content.ref.mimeType,
      bytes: content.ref.bytes,
      sha256: content.ref.sha256,
    };
  return {
    text_content: content.text,
    bytes: Buffer.byteLength(content.text),
    sha256: createHash('sha256').update(content.text).digest('hex'),
  };
}

export interface NewAsset {
  workspaceId: string;
  outputType: AssetsTable['output_type'];
  content: AssetContent;
  metadata: object;
  /** The node output it is, keyed by run, node and revision; none for a transferred file. */
  node?: { runId: string; nodeId: string; revision: number; label: string };
  sourceUrl?: string;
}

/**
 * The one writer of asset rows. A node's output is an upsert on (run, node, revision), so a retried
 * activity rewrites its own row; a transferred file (no run) is always a new row. Returns the asset id.
 */
export async function writeAsset(db: Kysely<Database>, asset: NewAsset): Promise<string> {
  const content = {
    cdn_url: null,
    storage_key: null,
    text_content: null,
    ...contentColumns(asset.content),
    output_type: asset.outputType,
    mime_type: 'ref' in asset.content ? asset.content.ref.mimeType : 'text/plain',
    metadata: JSON.stringify(asset.metadata),
  };
  const row = await db
    .insertInto('assets')
    .values({
      id: newId(),
      workspace_id: asset.workspaceId,
      run_id: asset.node?.runId ?? null,
      node_id: asset.node?.nodeId ?? null,
      revision: asset.node?.revision ?? null,
      node_label: asset.node?.label ?? null,
      source_url: asset.sourceUrl ?? null,
      status: 'completed',
      ...content,
    })
    .onConflict((oc) =>
      oc.columns(['run_id', 'node_id', 'revision']).doUpdateSet({ ...content, status: 'completed' }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Points a node's asset row at the output recorded for it. A quality retry stores each variation under
 * its own key but one asset row per (run, node, revision); the row follows the output that was kept.
 */
export async function syncAsset(db: Kysely<Database>, output: NodeOutput): Promise<void> {
  if (!output.assetId) return;
  await db
    .updateTable('assets')
    .set({
      ...contentColumns(output.kind === 'media' ? { ref: output.ref } : { text: output.text }),
      metadata: JSON.stringify(output.metadata),
    })
    .where('id', '=', output.assetId)
    .execute();
}

/** Whether an asset was made by an earlier revision than `revision`: an output a refinement kept unchanged. */
export async function madeBeforeRevision(
  db: Kysely<Database>,
  assetId: string,
  revision: number,
): Promise<boolean> {
  const row = await db.selectFrom('assets').select('revision').where('id', '=', assetId).executeTakeFirst();
  return row?.revision != null && row.revision < revision;
}

/** Deletes the asset rows of one node execution; returns the storage keys their files were under. */
export async function deleteNodeAssets(
  db: Kysely<Database>,
  node: { runId: string; nodeId: string; revision: number },
): Promise<string[]> {
  const rows = await db
    .deleteFrom('assets')
    .where('run_id', '=', node.runId)
    .where('node_id', '=', node.nodeId)
    .where('revision', '=', node.revision)
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key).filter((key): key is string => key !== null);
}
