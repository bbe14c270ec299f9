import { COMPOSE_ASPECT_RATIOS, COMPOSE_CLIP_SECONDS, COMPOSE_MAX_SCRIPT_SECONDS } from '../../core/limits';
import type { ComposeFormats } from '../../core/responses/compose';
import type { PricedFormat } from '../commands/compose-formats';

/** GET /v1/compose/formats: the formats with their reference price, and what every format accepts. */
export function presentFormats(priced: PricedFormat[]): ComposeFormats {
  return {
    formats: priced.map(({ format, credits }) => ({
      id: format.id,
      label: format.label,
      description: format.description,
      available: format.available,
      costTier: format.costTier,
      estimatedCredits: credits,
      trending: format.trending,
      tags: format.tags,
      inputs: format.inputs,
      previewUrl: null,
      thumbnailUrl: null,
    })),
    capabilities: {
      maxScriptDurationSec: COMPOSE_MAX_SCRIPT_SECONDS,
      aspectRatios: [...COMPOSE_ASPECT_RATIOS],
      defaultAspectRatio: '16:9',
      clipSeconds: COMPOSE_CLIP_SECONDS,
    },
  };
}
