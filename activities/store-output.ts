import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { deleteNodeAssets, writeAsset, type AssetContent } from '../adapters/db/assets';
import { previousNodeOutput } from '../adapters/db/node-outputs';
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

/** One execution of one node: what its stored outputs are keyed by. */
export interface NodeExecution {
  runId: string;
  nodeId: string;
  revision: number;
}

const keyOf = (node: NodeExecution, variation: number, extension: string) =>
  `runs/${node.runId}/${node.nodeId}/r${node.revision}-v${variation}.${extension}`;

/** Where a node's file lives: one key per run, node, revision and variation, so a retry overwrites itself. */
export function outputKey(task: NodeTask, mimeType: string): string {
  const node = { runId: task.runId, nodeId: task.node.id, revision: task.revision };
  return keyOf(node, task.variation, EXTENSIONS[mimeType] ?? 'bin');
}

type MediaMetadata = Omit<OutputMetadata, 'bytes' | 'mimeType'>;

/**
 * The node's output of the revision before, when this execution of a refinement made exactly the same
 * (the same bytes, or the same text): the earlier output is kept and nothing new is stored, so a
 * refinement never presents an unchanged output as a new one (issue 10 item 2).
 */
async function unchangedOutput(
  deps: ActivityDeps,
  task: NodeTask,
  same: (previous: NodeOutput) => boolean,
): Promise<NodeOutput | null> {
  if (task.revision <= 1) return null;
  const previous = await previousNodeOutput(deps.db, {
    runId: task.runId,
    nodeId: task.node.id,
    beforeRevision: task.revision,
  });
  return previous && same(previous) ? previous : null;
}

async function sha256Of(file: { buffer?: Buffer; path?: string }): Promise<string> {
  const hash = createHash('sha256');
  if (file.buffer) return hash.update(file.buffer).digest('hex');
  for await (const chunk of createReadStream(file.path!)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Stores a media file and its asset row (upsert on run, node, revision) and returns the reference; a
 * refinement that made the same bytes as the revision before gets that revision's output back instead.
 */
export async function storeMedia(
  deps: ActivityDeps,
  task: NodeTask,
  modality: Exclude<Modality, 'text'>,
  file: { buffer?: Buffer; path?: string; mimeType: string },
  metadata: MediaMetadata,
): Promise<NodeOutput> {
  if (task.revision > 1) {
    const sha256 = await sha256Of(file);
    const kept = await unchangedOutput(deps, task, (p) => p.kind === 'media' && p.ref.sha256 === sha256);
    if (kept) return kept;
  }
  const key = outputKey(task, file.mimeType);
  const stored = file.buffer
    ? await deps.storage.putBuffer(key, file.buffer, file.mimeType)
    : await deps.storage.putFile(key, file.path!, file.mimeType);
  const full: OutputMetadata = { ...metadata, mimeType: stored.mimeType, bytes: stored.bytes };
  try {
    const assetId = await writeNodeAsset(deps, task, modality, { ref: stored }, full);
    return { kind: 'media', modality, ref: stored, assetId, metadata: full };
  } catch (err) {
    // A file without its asset row is listed nowhere and never deleted (issue 12 item 7).
    await deps.storage.delete(key);
    throw err;
  }
}

/**
 * A failed node keeps nothing (issue 12 item 7): the asset rows an attempt wrote before the node
 * failed (an attempt whose result was lost, then retries that failed), their files, and the file of its
 * first variation even if no row was written for it (a worker that died between the two writes).
 */
export async function discardNodeOutputs(deps: ActivityDeps, node: NodeExecution): Promise<void> {
  const keys = await deleteNodeAssets(deps.db, node);
  const firstVariation = [...Object.values(EXTENSIONS), 'bin'].map((extension) => keyOf(node, 1, extension));
  await Promise.all([...new Set([...keys, ...firstVariation])].map((key) => deps.storage.delete(key)));
}

/** Stores a text output as an asset; a refinement that wrote the same text gets the earlier output back. */
export async function storeText(
  deps: ActivityDeps,
  task: NodeTask,
  text: string,
  extra: Pick<OutputMetadata, 'provider' | 'directions'> = {},
): Promise<NodeOutput> {
  const kept = await unchangedOutput(deps, task, (p) => p.kind === 'text' && p.text === text);
  if (kept) return kept;
  const metadata: OutputMetadata = {
    mimeType: 'text/plain',
    dimensions: null,
    durationSeconds: null,
    bytes: Buffer.byteLength(text),
    contentDescription: describeText(text, task.node.label),
    ...extra,
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

/** "42 words of caption, 5 hashtags, 2 emoji": counted from the text written. */
function describeText(text: string, label: string): string {
  const words = text.split(/\s+/).filter(Boolean).length;
  const hashtags = text.match(/(^|\s)#[\p{L}\p{N}_]+/gu)?.length ?? 0;
  const emoji = text.match(/\p{Extended_Pictographic}/gu)?.length ?? 0;
  const lines = text.split('\n').filter((l) => l.trim()).length;
  const extras = [
    hashtags ? `${hashtags} hashtag${hashtags > 1 ? 's' : ''}` : '',
    emoji ? `${emoji} emoji` : '',
    lines > 1 ? `${lines} lines` : '',
  ].filter(Boolean);
  return [`${words} words of ${label.toLowerCase()}`, ...extras].join(', ');
}
