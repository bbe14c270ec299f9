import { writeAsset, type AssetContent } from '../adapters/db/assets';
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
  const assetId = await writeNodeAsset(deps, task, modality, { ref: stored }, full);
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
  const assetId = await writeNodeAsset(deps, task, 'text', { text }, metadata);
  return { kind: 'text', modality: 'text', text, assetId, metadata };
}

const writeNodeAsset = (
  deps: ActivityDeps,
  task: NodeTask,
  outputType: Modality,
  content: AssetContent,
  metadata: OutputMetadata,
) =>
  writeAsset(deps.db, {
    workspaceId: task.workspaceId,
    outputType,
    content,
    metadata,
    node: { runId: task.runId, nodeId: task.node.id, revision: task.revision, label: task.node.label },
  });
