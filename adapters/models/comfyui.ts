import { createHash, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { fillWorkflow, loadWorkflow, workflowPlaceholders, type ComfyValues } from './comfyui-workflow';
import {
  ProviderBadOutput,
  ProviderRejected,
  ProviderUnavailable,
  pollJson,
  providerDownload,
  providerFetch,
  providerJson,
  sleep,
  type ProviderFile,
} from './http-json';
import { providerImage, providerVideo } from './provider-media';
import { ProviderNotConfigured, type ImageModel, type OnProgress, type VideoModel } from './providers';
import { promptWords } from './replicate';

export interface ComfyOptions {
  baseUrl: string;
  /** Sent as a bearer token, for a ComfyUI behind an authenticating proxy. */
  token?: string;
  /** Folder of API-format workflow files (`<name>.json`). */
  workflowsDir: string;
  timeoutMs?: number;
  /** How often /history is read when the WebSocket is silent or unavailable. */
  pollIntervalMs?: number;
}

interface ComfyFileRef {
  filename: string;
  subfolder?: string;
  type?: string;
}

interface HistoryEntry {
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
  outputs?: Record<string, Record<string, unknown>>;
}

const NEGATIVE = 'blurry, low quality, distorted, watermark, text artefacts';
const FPS = 16;
/** The keys of a ComfyUI history entry's outputs that list saved files. */
const OUTPUT_KEYS = ['images', 'gifs', 'videos', 'audio'] as const;

const headers = (o: ComfyOptions): Record<string, string> =>
  o.token ? { authorization: `Bearer ${o.token}` } : {};
const base = (o: ComfyOptions) => o.baseUrl.replace(/\/$/, '');

/** Uploads an input image (POST /upload/image) and answers the name a LoadImage node takes. */
export async function uploadImage(options: ComfyOptions, image: Buffer): Promise<string> {
  const form = new FormData();
  const name = `atelier-${createHash('sha256').update(image).digest('hex').slice(0, 16)}.png`;
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), name);
  form.append('type', 'input');
  form.append('overwrite', 'true');
  const uploaded = await providerJson<{ name?: string; subfolder?: string }>({
    url: `${base(options)}/upload/image`,
    headers: headers(options),
    body: form,
    timeoutMs: 60_000,
  });
  if (!uploaded.name) throw new ProviderUnavailable('ComfyUI answered the upload without a file name');
  return uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
}

/**
 * Listens on the server's WebSocket (`/ws?clientId=`) for one prompt's events: progress, and the end
 * (`executing` with node null, `execution_success`), an error or an interruption. Opened before the prompt
 * is queued, so no event is missed; null when the socket cannot be opened (the caller polls /history).
 */
async function listen(options: ComfyOptions, clientId: string) {
  const url = `${base(options).replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
  const socket = new WebSocket(url, { headers: headers(options) });
  const opened = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 5000);
    socket.once('open', () => (clearTimeout(timer), resolve(true)));
    socket.once('error', () => (clearTimeout(timer), resolve(false)));
  });
  if (!opened) {
    socket.terminate();
    return null;
  }
  type Event = { type: string; data: Record<string, unknown> };
  const handlers = new Set<(event: Event) => void>();
  // The prompt's first events can arrive before POST /prompt has answered with its id, i.e. before
  // anyone listens: they wait here and go to the first handler.
  const backlog: Event[] = [];
  socket.on('message', (raw, binary) => {
    if (binary) return; // preview frames
    try {
      const event = JSON.parse(raw.toString()) as Event;
      if (handlers.size === 0) backlog.push(event);
      else handlers.forEach((h) => h(event));
    } catch {
      // not an event
    }
  });
  socket.on('error', () => undefined);
  return {
    on: (handler: (event: Event) => void) => {
      handlers.add(handler);
      backlog.splice(0).forEach((event) => handler(event));
    },
    close: () => socket.terminate(),
  };
}

/**
 * Runs a workflow on a ComfyUI server and returns its output files:
 * 1. open the WebSocket, POST /prompt with the filled workflow and our client id (a 400 carries the
 *    server's validation errors: the workflow or its models are wrong, not retried);
 * 2. wait for the prompt's end on the socket, reporting its progress, and read /history/{id} now and
 *    then (a missed event, no socket at all);
 * 3. on the activity's cancellation or the deadline: a running prompt is interrupted (POST /interrupt with
 *    its id), a queued one removed from the queue (POST /queue {delete});
 * 4. the history's outputs name the files; each is fetched from /view.
 */
export async function runWorkflow(
  options: ComfyOptions,
  workflow: Record<string, unknown>,
  control: { signal?: AbortSignal; onProgress?: OnProgress } = {},
): Promise<ProviderFile[]> {
  const clientId = randomUUID();
  const socket = await listen(options, clientId);
  try {
    // Not aborted on cancellation: once the server has queued the prompt, only its id lets awaitEnd take it
    // back out of the queue (a cancellation that arrived meanwhile stops it there at once).
    const queued = await providerJson<{ prompt_id?: string; node_errors?: Record<string, unknown> }>({
      url: `${base(options)}/prompt`,
      headers: headers(options),
      body: { prompt: workflow, client_id: clientId },
      timeoutMs: 60_000,
    });
    const promptId = queued.prompt_id;
    if (!promptId) throw new ProviderUnavailable('ComfyUI queued the prompt without an id');
    const entry = await awaitEnd(options, promptId, socket, control);
    return await outputFiles(options, promptId, entry, control.signal);
  } finally {
    socket?.close();
  }
}

type Socket = NonNullable<Awaited<ReturnType<typeof listen>>>;

async function awaitEnd(
  options: ComfyOptions,
  promptId: string,
  socket: Socket | null,
  control: { signal?: AbortSignal; onProgress?: OnProgress },
): Promise<HistoryEntry> {
  const deadline = Date.now() + (options.timeoutMs ?? 20 * 60_000);
  let ended: (() => void) | undefined;
  let failed: ((err: Error) => void) | undefined;
  const end = new Promise<void>((resolve, reject) => ((ended = resolve), (failed = reject)));
  end.catch(() => undefined);
  socket?.on((event) => {
    if (event.data?.prompt_id !== promptId) return;
    if (event.type === 'progress') {
      const { value, max } = event.data as { value?: number; max?: number };
      if (value !== undefined && max) control.onProgress?.(Math.round((value / max) * 100));
    }
    if (event.type === 'execution_success' || (event.type === 'executing' && event.data.node === null))
      ended!();
    if (event.type === 'execution_error') failed!(executionError(event.data));
    if (event.type === 'execution_interrupted')
      failed!(
        new ProviderUnavailable(`ComfyUI interrupted the prompt at node ${String(event.data.node_id)}`),
      );
  });
  try {
    for (;;) {
      const entry = await history(options, promptId, control.signal);
      if (entry?.status?.completed || entry?.status?.status_str === 'error') return entry;
      if (Date.now() > deadline)
        throw new ProviderUnavailable(`ComfyUI prompt ${promptId} did not finish in time`);
      const wait = Math.max(
        10,
        Math.min(socket ? 5000 : (options.pollIntervalMs ?? 1000), deadline - Date.now()),
      );
      const event = await Promise.race([
        end.then(() => 'ended'),
        sleep(wait, control.signal).then(() => 'tick'),
      ]);
      if (event === 'ended') {
        const done = await history(options, promptId, control.signal);
        if (done) return done;
      }
    }
  } catch (err) {
    if (control.signal?.aborted || err instanceof ProviderUnavailable) await stopPrompt(options, promptId);
    throw err;
  }
}

/** A node's exception: the workflow's fault (a missing model, a bad input) unless the GPU ran out of memory. */
function executionError(data: Record<string, unknown>): Error {
  const message = `ComfyUI node ${String(data.node_id)} (${String(data.node_type)}) failed: ${String(data.exception_message ?? 'unknown error').trim()}`;
  return /OutOfMemory|out of memory/i.test(`${data.exception_type} ${data.exception_message}`)
    ? new ProviderUnavailable(message)
    : new ProviderRejected(message);
}

async function history(
  options: ComfyOptions,
  promptId: string,
  signal?: AbortSignal,
): Promise<HistoryEntry | undefined> {
  const all = await pollJson<Record<string, HistoryEntry>>({
    method: 'GET',
    url: `${base(options)}/history/${encodeURIComponent(promptId)}`,
    headers: headers(options),
    timeoutMs: 30_000,
    signal,
  });
  return all[promptId];
}

/** Interrupts our prompt if it is the one running, else takes it out of the queue; never touches others'. */
async function stopPrompt(options: ComfyOptions, promptId: string): Promise<void> {
  try {
    const queue = await providerJson<{ queue_running?: unknown[][]; queue_pending?: unknown[][] }>({
      method: 'GET',
      url: `${base(options)}/queue`,
      headers: headers(options),
      timeoutMs: 10_000,
    });
    const has = (items?: unknown[][]) => (items ?? []).some((item) => item[1] === promptId);
    if (has(queue.queue_running))
      await providerFetch({
        url: `${base(options)}/interrupt`,
        headers: headers(options),
        body: { prompt_id: promptId },
        timeoutMs: 10_000,
      });
    else if (has(queue.queue_pending))
      await providerFetch({
        url: `${base(options)}/queue`,
        headers: headers(options),
        body: { delete: [promptId] },
        timeoutMs: 10_000,
      });
  } catch {
    // best effort: the prompt ends on its own
  }
}

async function outputFiles(
  options: ComfyOptions,
  promptId: string,
  entry: HistoryEntry,
  signal?: AbortSignal,
): Promise<ProviderFile[]> {
  if (entry.status?.status_str === 'error') {
    const error = entry.status.messages?.find(([type]) => type === 'execution_error')?.[1];
    throw error ? executionError(error) : new ProviderRejected(`ComfyUI prompt ${promptId} ended in error`);
  }
  const refs = Object.values(entry.outputs ?? {}).flatMap((output) =>
    OUTPUT_KEYS.flatMap((key) => (Array.isArray(output[key]) ? (output[key] as ComfyFileRef[]) : [])),
  );
  const saved = refs.filter((r) => r.type !== 'temp');
  if (saved.length === 0)
    throw new ProviderBadOutput(`ComfyUI prompt ${promptId} saved no file: the workflow needs a save node`);
  return Promise.all(
    saved.map((ref) => {
      const query = new URLSearchParams({
        filename: ref.filename,
        subfolder: ref.subfolder ?? '',
        type: ref.type ?? 'output',
      });
      return providerDownload(`${base(options)}/view?${query}`, 300_000, {
        headers: headers(options),
        signal,
      }).then((file) => ({ ...file, name: ref.filename }));
    }),
  );
}

const snap16 = (v: number) => Math.max(64, Math.round(v / 16) * 16);

/** The asked aspect ratio at about `pixels` pixels, in multiples of 16: the size a model generates best at. */
function generationSize(width: number, height: number, pixels: number) {
  const scale = Math.sqrt(pixels / (width * height));
  return { gen_width: snap16(width * scale), gen_height: snap16(height * scale) };
}

/** The placeholders' values for a request; `{{image}}` only when the workflow takes one. */
async function valuesFor(
  options: ComfyOptions,
  placeholders: Set<string>,
  request: {
    prompt: string;
    width: number;
    height: number;
    variation: number;
    image?: Buffer;
    seconds?: number;
  },
  workflowName: string,
): Promise<ComfyValues> {
  const video = request.seconds !== undefined;
  if (request.image && !placeholders.has('image'))
    throw new ProviderNotConfigured(
      `ComfyUI workflow "${workflowName}" takes no input image ({{image}}), but the node has one: choose a workflow that does`,
    );
  if (!request.image && placeholders.has('image'))
    throw new ProviderNotConfigured(
      `ComfyUI workflow "${workflowName}" needs an input image ({{image}}); the node has none`,
    );
  const seconds = request.seconds ?? 0;
  return {
    prompt: promptWords(request.prompt),
    negative_prompt: NEGATIVE,
    width: snap16(request.width),
    height: snap16(request.height),
    // Image models do best near one megapixel, video models near 832x480; the result is then fitted.
    ...generationSize(request.width, request.height, video ? 832 * 480 : 1024 * 1024),
    seed: request.variation,
    seconds,
    fps: FPS,
    // Video models take 4n+1 frames (Wan, Hunyuan).
    frames: 4 * Math.max(1, Math.round((seconds * FPS) / 4)) + 1,
    filename_prefix: 'atelier/out',
    ...(request.image ? { image: await uploadImage(options, request.image) } : { image: '' }),
  };
}

type Wanted = { kind: 'image' | 'video'; files: RegExp };
const IMAGE_FILES = ['png', 'jpg', 'jpeg', 'webp'] as const;
const VIDEO_FILES = ['mp4', 'webm', 'mov', 'mkv', 'gif'] as const;
const extensions = (list: readonly string[]) => new RegExp(`\\.(${list.join('|')})$`, 'i');
const IMAGE: Wanted = { kind: 'image', files: extensions(IMAGE_FILES) };
const VIDEO: Wanted = { kind: 'video', files: extensions(VIDEO_FILES) };

/**
 * Runs the text workflow, or the image one when the request has an input image, and answers the saved file
 * of the wanted kind (a workflow may also save previews) with the model name to report.
 */
async function generateWith(
  options: ComfyOptions,
  workflows: { text: string; image: string },
  request: Parameters<typeof valuesFor>[2] & { signal?: AbortSignal; onProgress?: OnProgress },
  wanted: Wanted,
): Promise<{ file: ProviderFile; name: string }> {
  const workflowName = request.image ? workflows.image : workflows.text;
  const name = `comfyui:${workflowName}`;
  const workflow = await loadWorkflow(options.workflowsDir, workflowName);
  const values = await valuesFor(options, workflowPlaceholders(workflow), request, workflowName);
  const files = await runWorkflow(options, fillWorkflow(workflow, values), request);
  const file =
    files.find((f) => (f.contentType ?? '').startsWith(wanted.kind)) ??
    files.find((f) => wanted.files.test(f.name ?? ''));
  if (!file) throw new ProviderBadOutput(`${name} saved no ${wanted.kind} file`);
  return { file, name };
}

/** ComfyUI images: the text-to-image workflow, or the image-to-image one when the node has an input image. */
export function comfyImage(options: ComfyOptions, textWorkflow: string, imageWorkflow: string): ImageModel {
  return {
    name: `comfyui:${textWorkflow}`,
    async generate(request) {
      const { file, name } = await generateWith(
        options,
        { text: textWorkflow, image: imageWorkflow },
        request,
        IMAGE,
      );
      return { data: await providerImage(file, request, name) };
    },
  };
}

/** ComfyUI video: the text-to-video workflow, or the image-to-video one when the node has a first frame. */
export function comfyVideo(options: ComfyOptions, textWorkflow: string, imageWorkflow: string): VideoModel {
  return {
    name: `comfyui:${textWorkflow}`,
    async generate(request) {
      const slow = { ...options, timeoutMs: options.timeoutMs ?? 40 * 60_000 };
      const { file, name } = await generateWith(
        slow,
        { text: textWorkflow, image: imageWorkflow },
        request,
        VIDEO,
      );
      return providerVideo(file, request, name);
    },
  };
}
