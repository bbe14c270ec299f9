import {
  ProviderBadOutput,
  ProviderRejected,
  ProviderUnavailable,
  pollJson,
  providerDownload,
  providerFetch,
  providerJson,
  sleep,
} from './http-json';
import { providerAudio, providerImage, providerVideo } from './provider-media';
import { aspectName, promptWords } from './replicate';
import type { ImageModel, OnProgress, SpeechModel, VideoModel } from './providers';

export interface FalOptions {
  /** The queue's address: https://queue.fal.run */
  baseUrl: string;
  apiKey?: string;
  pollIntervalMs?: number;
  /** How long a request may stay queued and running before it is cancelled. */
  timeoutMs?: number;
}

interface Submitted {
  request_id: string;
  status_url?: string;
  response_url?: string;
  cancel_url?: string;
}

interface QueueStatus {
  status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';
  queue_position?: number;
  logs?: { message: string }[] | null;
  /** Set on a COMPLETED request that failed. */
  error?: string | null;
  error_type?: string | null;
}

interface FalFile {
  url: string;
  content_type?: string;
}

const headers = (o: FalOptions): Record<string, string> =>
  o.apiKey ? { authorization: `Key ${o.apiKey}` } : {};

/** Errors a request can end with that retrying will not change (the input, the content policy). */
const REFUSED = /validation|content_policy|invalid|unprocessable|not_found|forbidden/i;

/**
 * Runs a model through fal's queue and returns its result document:
 * 1. POST {queue}/{model} with the input answers a request id and its status, response and cancel URLs;
 * 2. poll the status URL (IN_QUEUE -> IN_PROGRESS -> COMPLETED), honouring Retry-After on 429/5xx, and
 *    report progress from the runner's logs;
 * 3. on the activity's cancellation or the deadline, PUT the cancel URL (fal removes a queued request and
 *    signals a running one) and stop;
 * 4. a COMPLETED status with an error, or a result answered with 4xx, is the model's refusal (not
 *    retried); a 5xx or an unreachable queue is retryable.
 */
export async function runFalRequest<T>(
  options: FalOptions,
  model: string,
  input: Record<string, unknown>,
  control: { signal?: AbortSignal; onProgress?: OnProgress } = {},
): Promise<T> {
  const base = options.baseUrl.replace(/\/$/, '');
  const submitted = await providerJson<Submitted>({
    url: `${base}/${model}`,
    headers: headers(options),
    body: input,
    timeoutMs: 60_000,
    signal: control.signal,
  });
  const requestUrl = `${base}/${model}/requests/${submitted.request_id}`;
  const statusUrl = submitted.status_url ?? `${requestUrl}/status`;
  const cancel = () =>
    providerFetch({
      method: 'PUT',
      url: submitted.cancel_url ?? `${requestUrl}/cancel`,
      headers: headers(options),
      timeoutMs: 15_000,
    }).catch(() => undefined);
  const deadline = Date.now() + (options.timeoutMs ?? 20 * 60_000);
  let status: QueueStatus = { status: 'IN_QUEUE' };
  try {
    for (;;) {
      status = await pollJson<QueueStatus>({
        method: 'GET',
        url: `${statusUrl}${statusUrl.includes('?') ? '&' : '?'}logs=1`,
        headers: headers(options),
        timeoutMs: 30_000,
        signal: control.signal,
      });
      if (status.status === 'COMPLETED') break;
      const percent = progressOf(status.logs);
      if (percent !== undefined) control.onProgress?.(percent);
      if (Date.now() > deadline)
        throw new ProviderUnavailable(`fal request ${submitted.request_id} did not finish in time`);
      await sleep(options.pollIntervalMs ?? 1000, control.signal);
    }
  } catch (err) {
    if (control.signal?.aborted || err instanceof ProviderUnavailable) await cancel();
    throw err;
  }
  if (status.error) {
    const message = `fal ${model} failed: ${status.error}`;
    throw REFUSED.test(`${status.error_type ?? ''} ${status.error}`)
      ? new ProviderRejected(message)
      : new ProviderUnavailable(message);
  }
  return providerJson<T>({
    method: 'GET',
    url: submitted.response_url ?? requestUrl,
    headers: headers(options),
    timeoutMs: 60_000,
    signal: control.signal,
  });
}

function progressOf(logs: QueueStatus['logs']): number | undefined {
  const all = (logs ?? []).flatMap((l) => [...l.message.matchAll(/(\d{1,3})%/g)]);
  return all.length ? Math.min(100, Number(all[all.length - 1][1])) : undefined;
}

const dataUri = (image: Buffer) => `data:image/png;base64,${image.toString('base64')}`;

function fileOf(result: unknown, keys: string[], who: string): FalFile {
  const doc = result as Record<string, unknown>;
  for (const key of keys) {
    const value = doc?.[key];
    const file = (Array.isArray(value) ? value[0] : value) as FalFile | undefined;
    if (file && typeof file.url === 'string') return file;
  }
  throw new ProviderBadOutput(`${who} answered a result without ${keys.join(' or ')}`);
}

export function falImage(options: FalOptions, model: string): ImageModel {
  const name = `fal:${model}`;
  return {
    name,
    async generate(request) {
      const result = await runFalRequest(
        options,
        model,
        {
          prompt: promptWords(request.prompt),
          image_size: { width: request.width, height: request.height },
          seed: request.variation,
          num_images: 1,
          ...(request.image ? { image_url: dataUri(request.image) } : {}),
        },
        request,
      );
      const file = await providerDownload(fileOf(result, ['images', 'image'], name).url, 120_000, {
        signal: request.signal,
      });
      return { data: await providerImage(file, request, name) };
    },
  };
}

/** fal video: the text-to-video model, or the image-to-video one when the node has a first frame. */
export function falVideo(options: FalOptions, textModel: string, imageModel: string): VideoModel {
  return {
    name: `fal:${textModel}`,
    async generate(request) {
      const model = request.image ? imageModel : textModel;
      const name = `fal:${model}`;
      const result = await runFalRequest(
        { ...options, timeoutMs: options.timeoutMs ?? 30 * 60_000 },
        model,
        {
          prompt: promptWords(request.prompt),
          duration: String(request.seconds <= 5 ? 5 : 10),
          aspect_ratio: aspectName(request.width, request.height),
          seed: request.variation,
          ...(request.image ? { image_url: dataUri(request.image) } : {}),
        },
        request,
      );
      const file = await providerDownload(fileOf(result, ['video'], name).url, 600_000, {
        signal: request.signal,
      });
      return providerVideo(file, request, name);
    },
  };
}

export function falSpeech(options: FalOptions, model: string): SpeechModel {
  const name = `fal:${model}`;
  return {
    name,
    async synthesize(request) {
      // espeak voice names ("en-us", "en-gb+f3") mean nothing to fal's models: those get the model's default voice.
      const voice = /^[a-z]{2,3}(-[a-z]+)?(\+[\w-]+)?$/i.test(request.voice) ? {} : { voice: request.voice };
      const result = await runFalRequest(
        options,
        model,
        { prompt: request.text, text: request.text, speed: request.rate / 170, ...voice },
        request,
      );
      const file = await providerDownload(
        fileOf(result, ['audio', 'audio_file', 'audio_url'], name).url,
        120_000,
        {
          signal: request.signal,
        },
      );
      return providerAudio(file, request, name);
    },
  };
}
