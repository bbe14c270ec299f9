import { createHash } from 'node:crypto';
import { newId } from '../core/ids';
import type { Modality } from '../core/graph/modality';
import type { NodeOutput, NodeTask, OutputMetadata } from '../core/run/run-types';
import type { ActivityDeps } from './deps';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

/** Where a node's file lives: one key per run, node, revision and variation, so a retry overwrites itself. */
export function outputKey(task: NodeTask, mimeType: string): string {
  return `runs/${task.runId}/${task.node.id}/r${task.revision}-v${task.variation}.${EXTENSIONS[mimeType] ?? 'bin'}`;
}

type MediaMetadata = Omit<OutputMetadata, 'bytes' | 'mimeType'>;

/** Stores a media file and its asset row (upsert on run, node, revision) and returns the reference. */
export async function storeMedia(
  deps: ActivityDeps,
  task: NodeTask,
  modality: Exclude<Modality, 'text'>,
  file: { buffer?: Buffer; path?: string; mimeType: string },
  metadata: MediaMetadata,
): Promise<NodeOutput> {
  const key = outputKey(task, file.mimeType);
  const stored = file.buffer
    ? await deps.storage.putBuffer(key, file.buffer, file.mimeType)
    : await deps.storage.putFile(key, file.path!, file.mimeType);
  const full: OutputMetadata = { ...metadata, mimeType: stored.mimeType, bytes: stored.bytes };
  const assetId = await upsertAsset(deps, task, {
    output_type: modality,
    cdn_url: stored.url,
    storage_key: stored.key,
    mime_type: stored.mimeType,
    bytes: stored.bytes,
    sha256: stored.sha256,
    text_content: null,
    metadata: JSON.stringify(full),
  });
  return { kind: 'media', modality, ref: stored, assetId, metadata: full };
}

export async function storeText(deps: ActivityDeps, task: NodeTask, text: string): Promise<NodeOutput> {
  const words = text.split(/\s+/).filter(Boolean).length;
  const metadata: OutputMetadata = {
    mimeType: 'text/plain',
    dimensions: null,
    durationSeconds: null,
    bytes: Buffer.byteLength(text),
    contentDescription: `${words} words of ${task.node.label.toLowerCase()}`,
  };
  const assetId = await upsertAsset(deps, task, {
    output_type: 'text',
    cdn_url: null,
    storage_key: null,
    mime_type: 'text/plain',
    bytes: metadata.bytes,
    sha256: createHash('sha256').update(text).digest('hex'),
    text_content: text,
    metadata: JSON.stringify(metadata),
  });
  return { kind: 'text', modality: 'text', text, assetId, metadata };
}

async function upsertAsset(
  deps: ActivityDeps,
  task: NodeTask,
  values: {
    output_type: Modality;
    cdn_url: string | null;
    storage_key: string | null;
    mime_type: string;
    bytes: number | null;
    sha256: string;
    text_content: string | null;
    metadata: string;
  },
): Promise<string> {
  const row = await deps.db
    .insertInto('assets')
    .values({
      id: newId(),
      workspace_id: task.workspaceId,
      run_id: task.runId,
      node_id: task.node.id,
      revision: task.revision,
      node_label: task.node.label,
      source_url: null,
      status: 'completed',
      ...values,
    })
    .onConflict((oc) =>
      oc.columns(['run_id', 'node_id', 'revision']).doUpdateSet({ ...values, status: 'completed' }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
