import sharp from 'sharp';
import type { ImageModel } from './providers';
import { ProviderRejected, ProviderUnavailable, providerDownload, providerJson } from './http-json';

export interface ReplicateOptions {
  baseUrl: string;
  apiToken?: string;
  /** `owner/name` of the model to run. */
  model: string;
  pollIntervalMs?: number;
  timeoutMs?: number;
}

interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output?: string | string[] | null;
  error?: string | null;
  urls?: { get?: string };
}

/**
 * Runs a Replicate model: create the prediction (asking the server to wait a little), poll it until it
 * ends, then fetch its first output file.
 */
export async function runPrediction(
  options: ReplicateOptions,
  input: Record<string, unknown>,
): Promise<Buffer> {
  const headers: Record<string, string> = {
    ...(options.apiToken ? { authorization: `Bearer ${options.apiToken}` } : {}),
    prefer: 'wait=30',
  };
  const base = options.baseUrl.replace(/\/$/, '');
  let prediction = await providerJson<Prediction>({
    url: `${base}/models/${options.model}/predictions`,
    headers,
    body: { input },
    timeoutMs: 60_000,
  });
  const deadline = Date.now() + (options.timeoutMs ?? 10 * 60_000);
  while (prediction.status === 'starting' || prediction.status === 'processing') {
    if (Date.now() > deadline)
      throw new ProviderUnavailable(`prediction ${prediction.id} did not finish in time`);
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 1000));
    prediction = await providerJson<Prediction>({
      method: 'GET',
      url: prediction.urls?.get ?? `${base}/predictions/${prediction.id}`,
      headers,
      timeoutMs: 30_000,
    });
  }
  if (prediction.status === 'failed')
    throw new ProviderRejected(`prediction failed: ${prediction.error ?? 'unknown error'}`);
  if (prediction.status === 'canceled') throw new ProviderUnavailable('prediction was canceled');
  const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
  if (!output) throw new ProviderUnavailable('prediction succeeded without an output');
  return providerDownload(output, 120_000);
}

const ASPECT = (w: number, h: number) => {
  const ratios: [string, number][] = [
    ['1:1', 1],
    ['16:9', 16 / 9],
    ['9:16', 9 / 16],
    ['4:5', 4 / 5],
    ['5:4', 5 / 4],
    ['3:2', 3 / 2],
    ['2:3', 2 / 3],
  ];
  return ratios.reduce((best, r) => (Math.abs(r[1] - w / h) < Math.abs(best[1] - w / h) ? r : best))[0];
};

export function replicateImage(options: ReplicateOptions): ImageModel {
  return {
    name: `replicate:${options.model}`,
    async generate(request) {
      const raw = await runPrediction(options, {
        prompt: request.prompt,
        aspect_ratio: ASPECT(request.width, request.height),
        output_format: 'png',
        seed: request.variation,
      });
      return sharp(raw).resize(request.width, request.height, { fit: 'cover' }).png().toBuffer();
    },
  };
}
