import type { Caller } from '../../core/app/app-access';
import { GENERATE_IMAGE_APP_ID, GENERATE_IMAGE_DEFAULT_RATIO } from '../../core/content/generate-image';
import type { ApiDeps } from '../deps';
import { applyBrand } from './apply-brand';
import { loadUsableApp } from './load-app';
import { startRun } from './start-run';

export interface ImageRequest {
  prompt: string;
  /** Omitted or `auto`: the default ratio (square). */
  aspectRatio?: string | null;
  /** The brand whose visual style and negatives follow the prompt; omitted = no brand. */
  brandProfileId?: string | null;
  webhookUrl: string | null;
  sandbox: boolean;
  /** The id the new run takes (an Idempotency-Key's). */
  newRunId?: string;
}

/** POST /v1/generate/image: a one-node run of the built-in image app (source `generate`), or its sandbox stub. */
export async function generateImage(deps: ApiDeps, caller: Caller, request: ImageRequest) {
  const loaded = await loadUsableApp(deps.db, GENERATE_IMAGE_APP_ID, caller);
  const app = request.brandProfileId
    ? await applyBrand(deps, caller, loaded, request.brandProfileId)
    : loaded;
  const aspectRatio =
    !request.aspectRatio || request.aspectRatio === 'auto'
      ? GENERATE_IMAGE_DEFAULT_RATIO
      : request.aspectRatio;
  return startRun(deps, caller, app, {
    inputs: { prompt: request.prompt, aspect_ratio: aspectRatio },
    inputOverrides: {},
    webhookUrl: request.webhookUrl,
    sandbox: request.sandbox,
    source: 'generate',
    newRunId: request.newRunId,
  });
}
