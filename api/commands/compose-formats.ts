import { estimateCredits } from '../../core/billing/credits';
import { buildComposeGraph } from '../../core/compose/build-compose-graph';
import type { ComposeFormat } from '../../core/compose/compose-format';
import { splitScript } from '../../core/compose/split-script';
import { invalidField } from '../../core/errors';
import { compileGraph } from '../../core/graph/compile-graph';
import { COMPOSE_CLIP_SECONDS } from '../../core/limits';
import { loadComposeFormats } from '../../adapters/catalog';
import type { ApiDeps } from '../deps';

export interface PricedFormat {
  format: ComposeFormat;
  /** The expected credits of the reference script in this format. */
  credits: number;
}

/** A 30-second reference script of six scenes prices each format for the listing. */
const REFERENCE_SCENES = splitScript(
  Array.from({ length: 6 }, () => 'One short sentence of narration for a scene here.').join(' '),
  COMPOSE_CLIP_SECONDS.default,
);

/** The catalog's compose formats, each priced with the deployment's node costs. */
export function composeFormats(deps: ApiDeps): PricedFormat[] {
  return loadComposeFormats().map((format) => ({ format, credits: referenceCredits(format, deps) }));
}

/** The format a compose request names; an unknown one, or one still on the roadmap, is the caller's error. */
export function availableFormat(formats: ComposeFormat[], formatId: string): ComposeFormat {
  const format = formats.find((f) => f.id === formatId);
  if (!format)
    throw invalidField(
      'formatId',
      'unknown_format',
      `No compose format "${formatId}"; see GET /v1/compose/formats`,
    );
  if (!format.available)
    throw invalidField(
      'formatId',
      'format_unavailable',
      `Format "${format.id}" is on the roadmap and cannot be dispatched yet`,
    );
  return format;
}

function referenceCredits(format: ComposeFormat, deps: ApiDeps): number {
  const images = format.inputs.some((i) => i.type === 'image')
    ? {
        kind: 'urls' as const,
        keys: format.style === 'images' ? ['image_1', 'image_2', 'image_3'] : [format.inputs[0].name],
      }
    : { kind: 'none' as const };
  const built = buildComposeGraph({
    format,
    scenes: REFERENCE_SCENES,
    clipSeconds: COMPOSE_CLIP_SECONDS.default,
    images,
  });
  const plan = compileGraph(built.graph, built.parameters);
  return estimateCredits(
    plan,
    plan.nodes.map((n) => n.id),
    deps.costs,
  ).expected;
}
