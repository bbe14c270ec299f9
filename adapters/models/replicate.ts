import { splitDirections } from './local/directions';
import {
  ProviderRejected,
  ProviderUnavailable,
  pollJson,
  providerDownload,
  providerJson,
  sleep,
} from './http-json';
import { providerImage, providerVideo } from './provider-media';
import type { ImageModel, OnProgress, VideoModel } from './providers';

export interface ReplicateOptions {
  baseUrl: string;
  apiToken?: string;
  /** `owner/name` of the model to run. */
  model: string;
  pollIntervalMs?: number;
  /** Replicate cancels the prediction after this long (`Cancel-After`); we stop waiting a little later. */
  cancelAfter?: string;
}

interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  output?: string | string[] | null;
  error?: string | null;
  logs?: string | null;
  urls?: { get?: string; cancel?: string };
}

const headers = (o: ReplicateOptions): Record<string, string> =>
  o.apiToken ? { authorization: `Bearer ${o.apiToken}` } : {};
const base = (o: ReplicateOptions) => o.baseUrl.replace(/\/$/, '');

/** "10m", "1h30m", "45s" in milliseconds. */
export function durationMs(text: string): number {
  let ms = 0;
  for (const [, n, unit] of text.matchAll(/(\d+(?:\.\d+)?)(h|m|s)/g))
    ms += Number(n) * { h: 3_600_000, m: 60_000, s: 1000 }[unit as 'h' | 'm' | 's'];
  return ms;
}

/** The last percentage a model printed in its logs ("45%|████"), for progress heartbeats. */
function progressOf(logs: string | null | undefined): number | undefined {
  const all = [...(logs ?? '').matchAll(/(\d{1,3})%\|/g)];
  return all.length ? Math.min(100, Number(all[all.length - 1][1])) : undefined;
}

/**
 * Runs a Replicate model and returns the URL of its first output file:
 * 1. create the prediction with `Prefer: wait` (a short model answers at once) and `Cancel-After`, so
 *    Replicate stops it even if this worker dies;
 * 2. poll it, honouring Retry-After on 429/5xx, and report the progress its logs show;
 * 3. on the activity's cancellation, cancel the prediction (POST urls.cancel) and stop;
 * 4. failed is the model's refusal (not retried), canceled/aborted and a missing output are retryable.
 */
export async function runPrediction(
  options: ReplicateOptions,
  input: Record<string, unknown>,
  control: { signal?: AbortSignal; onProgress?: OnProgress } = {},
): Promise<string> {
  const cancelAfter = options.cancelAfter ?? '10m';
  let prediction = await providerJson<Prediction>({
    url: `${base(options)}/models/${options.model}/predictions`,
    headers: { ...headers(options), prefer: 'wait=30', 'cancel-after': cancelAfter },
    body: { input },
    timeoutMs: 60_000,
    signal: control.signal,
  });
  const deadline = Date.now() + durationMs(cancelAfter) + 60_000;
  const cancel = () =>
    providerJson({
      url: prediction.urls?.cancel ?? `${base(options)}/predictions/${prediction.id}/cancel`,
      headers: headers(options),
      timeoutMs: 15_000,
    }).catch(() => undefined);
  try {
    while (prediction.status === 'starting' || prediction.status === 'processing') {
      if (Date.now() > deadline)
        throw new ProviderUnavailable(`prediction ${prediction.id} did not finish within ${cancelAfter}`);
      await sleep(options.pollIntervalMs ?? 1000, control.signal);
      prediction = await pollJson<Prediction>({
        method: 'GET',
        url: prediction.urls?.get ?? `${base(options)}/predictions/${prediction.id}`,
        headers: headers(options),
        timeoutMs: 30_000,
        signal: control.signal,
      });
      const percent = progressOf(prediction.logs);
      if (percent !== undefined) control.onProgress?.(percent);
    }
  } catch (err) {
    if (control.signal?.aborted || err instanceof ProviderUnavailable) await cancel();
    throw err;
  }
  if (prediction.status === 'failed')
    throw new ProviderRejected(`prediction failed: ${prediction.error ?? 'unknown error'}`);
  if (prediction.status !== 'succeeded') throw new ProviderUnavailable(`prediction was ${prediction.status}`);
  const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
  if (!output || typeof output !== 'string')
    throw new ProviderUnavailable('prediction succeeded without an output');
  return output;
}

/** Uploads a file to Replicate's Files API; models take its URL as a file input. */
export async function uploadFile(
  options: ReplicateOptions,
  data: Buffer,
  name: string,
  type: string,
): Promise<string> {
  const form = new FormData();
  form.append('content', new Blob([new Uint8Array(data)], { type }), name);
  const file = await providerJson<{ urls?: { get?: string } }>({
    url: `${base(options)}/files`,
    headers: headers(options),
    body: form,
    timeoutMs: 120_000,
  });
  if (!file.urls?.get) throw new ProviderUnavailable('the file upload answered no URL');
  return file.urls.get;
}

const RATIOS: [string, number][] = [
  ['1:1', 1],
  ['16:9', 16 / 9],
  ['9:16', 9 / 16],
  ['4:5', 4 / 5],
  ['5:4', 5 / 4],
  ['3:2', 3 / 2],
  ['2:3', 2 / 3],
  ['4:3', 4 / 3],
  ['3:4', 3 / 4],
];

/** The closest aspect ratio name a model takes. */
export const aspectName = (w: number, h: number) =>
  RATIOS.reduce((best, r) => (Math.abs(r[1] - w / h) < Math.abs(best[1] - w / h) ? r : best))[0];

/** A prompt with its revision directions as plain words ("..., make the background navy"). */
export const promptWords = (prompt: string) => {
  const { subject, directions } = splitDirections(prompt);
  return [subject, ...directions].join(', ');
};

export function replicateImage(options: ReplicateOptions): ImageModel {
  const name = `replicate:${options.model}`;
  return {
    name,
    async generate(request) {
      const url = await runPrediction(
        options,
        {
          prompt: promptWords(request.prompt),
          aspect_ratio: aspectName(request.width, request.height),
          output_format: 'png',
          seed: request.variation,
        },
        request,
      );
      const file = await providerDownload(url, 120_000, { signal: request.signal });
      return { data: await providerImage(file, request, name) };
    },
  };
}

export interface ReplicateVideoOptions extends ReplicateOptions {
  /** The input name a model takes its first frame under (`first_frame_image`, `image`, `start_image`). */
  imageInput: string;
}

/** A Replicate video model, text to video, or image to video when the node has an image parent. */
export function replicateVideo(options: ReplicateVideoOptions): VideoModel {
  const name = `replicate:${options.model}`;
  return {
    name,
    async generate(request) {
      const image = request.image
        ? { [options.imageInput]: await uploadFile(options, request.image, 'first-frame.png', 'image/png') }
        : {};
      const url = await runPrediction(
        { ...options, cancelAfter: options.cancelAfter ?? '30m' },
        {
          prompt: promptWords(request.prompt),
          aspect_ratio: aspectName(request.width, request.height),
          duration: Math.round(request.seconds),
          seed: request.variation,
          ...image,
        },
        request,
      );
      const file = await providerDownload(url, 600_000, { signal: request.signal });
      return providerVideo(file, request, name);
    },
  };
}
