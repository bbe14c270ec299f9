import { writeFile } from 'node:fs/promises';
import { Context } from '@temporalio/activity';
import { safeFetch } from '../adapters/http/safe-fetch';
import { IMAGE_FETCH_LIMIT_BYTES } from '../core/limits';
import type { NodeOutput, NodeTask } from '../core/run/run-types';
import type { ActivityDeps } from '../activities/deps';
import { invalidNodeInput } from './failures';

const FETCH_TIMEOUT_MS = 60_000;

/**
 * The bytes of a caller-supplied image URL: read from the store when it is on this service's own storage
 * (an upload or an output, checked against the run's workspace at admission), else downloaded through
 * safe-fetch.
 */
export async function fetchImage(deps: ActivityDeps, url: string): Promise<Buffer> {
  const ownKey = deps.storage.keyOf(url);
  if (ownKey !== null) return readStored(deps, ownKey);
  const res = await safeFetch(url, {
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: IMAGE_FETCH_LIMIT_BYTES,
    allowHosts: deps.allowHosts,
    expect: ['image'],
  });
  if (res.status < 200 || res.status >= 300) throw invalidNodeInput(`image URL answered ${res.status}`);
  return res.body;
}

/** The bytes of an image: the first image parent's file, else the given URL. */
export async function imageInput(
  deps: ActivityDeps,
  task: NodeTask,
  url?: string,
): Promise<Buffer | undefined> {
  const parent = task.parents.find((p) => p.output.kind === 'media' && p.output.modality === 'image');
  if (parent && parent.output.kind === 'media') return readStored(deps, parent.output.ref.key);
  if (url && url.trim()) return fetchImage(deps, url.trim());
  return undefined;
}

export async function readStored(deps: ActivityDeps, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes `data` to a file (in the activity's temp folder) for a tool that reads paths. */
export async function writeTemp(path: string, data: Buffer): Promise<string> {
  await writeFile(path, data);
  return path;
}

/** Parent outputs of one modality, in edge order. */
export function parentsOf(task: NodeTask, modality: NodeOutput['modality']): NodeOutput[] {
  return task.parents.map((p) => p.output).filter((o) => o.modality === modality);
}

/** How often an activity waiting on a model says it is alive; the worker batches these for the server. */
export const HEARTBEAT_EVERY_MS = 1000;

/**
 * Heartbeats while `work` runs. A model call reports no progress, and without heartbeats the activity never
 * learns of a cancel (Temporal delivers it in a heartbeat's answer) and a call longer than the heartbeat
 * timeout is failed as a lost worker.
 */
export async function heartbeatWhile<T>(work: Promise<T>): Promise<T> {
  const ctx = Context.current();
  const timer = setInterval(() => ctx.heartbeat(), HEARTBEAT_EVERY_MS);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

/** Heartbeats with ffmpeg's progress, and hands ffmpeg the activity's cancellation. */
export function mediaProgress(): { onProgress: (percent: number) => void; signal: AbortSignal } {
  const ctx = Context.current();
  ctx.heartbeat(0);
  return { onProgress: (percent) => ctx.heartbeat(Math.round(percent)), signal: ctx.cancellationSignal };
}
