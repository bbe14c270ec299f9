import Router from '@koa/router';
import { z } from 'zod';
import { compileGraph } from '../../core/graph/compile-graph';
import { buildComposeGraph } from '../../core/compose/build-compose-graph';
import type { ComposeFormat } from '../../core/compose/compose-format';
import { splitScript } from '../../core/compose/split-script';
import { estimateCredits } from '../../core/billing/credits';
import { invalidField } from '../../core/errors';
import { COMPOSE_ASPECT_RATIOS, COMPOSE_CLIP_SECONDS, COMPOSE_MAX_SCRIPT_SECONDS } from '../../core/limits';
import { loadComposeFormats } from '../../adapters/catalog';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { assertWebhookUrl } from '../runs/start-run';
import { startCompose } from './start-compose';

export const ComposeBody = z.object({
  formatId: z.string().min(1),
  script: z.string().max(5000).optional(),
  runId: z.string().optional(),
  aspectRatio: z.enum(COMPOSE_ASPECT_RATIOS).default('16:9'),
  inputs: z.record(z.string(), z.unknown()).default({}),
  clipSeconds: z
    .number()
    .int()
    .min(COMPOSE_CLIP_SECONDS.min)
    .max(COMPOSE_CLIP_SECONDS.max)
    .default(COMPOSE_CLIP_SECONDS.default),
  webhookUrl: z.string().optional(),
});

/** A 30-second reference script of six scenes prices each format for the listing. */
const REFERENCE_SCENES = splitScript(
  Array.from({ length: 6 }, () => 'One short sentence of narration for a scene here.').join(' '),
  COMPOSE_CLIP_SECONDS.default,
);

export function composeRouter(deps: ApiDeps): Router {
  const router = new Router();
  const formats = loadComposeFormats();
  const priced = formats.map((format) => ({ format, credits: referenceCredits(format, deps) }));

  router.get('/compose/formats', async (ctx) => {
    ctx.body = {
      data: {
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
          aspectRatios: COMPOSE_ASPECT_RATIOS,
          defaultAspectRatio: '16:9',
          clipSeconds: COMPOSE_CLIP_SECONDS,
        },
      },
    };
  });

  router.post('/compose/video', async (ctx) => {
    const body = parseWith(ComposeBody, ctx.request.body);
    const format = formats.find((f) => f.id === body.formatId);
    if (!format)
      throw invalidField(
        'formatId',
        'unknown_format',
        `No compose format "${body.formatId}"; see GET /v1/compose/formats`,
      );
    if (!format.available)
      throw invalidField(
        'formatId',
        'format_unavailable',
        `Format "${format.id}" is on the roadmap and cannot be dispatched yet`,
      );
    if ((body.script === undefined) === (body.runId === undefined))
      throw invalidField(null, 'script_or_run', 'Give exactly one of script and runId');
    const webhookUrl = assertWebhookUrl(body.webhookUrl, ['https:']);
    const run = await startCompose(deps, ctx.state.caller, { ...body, format, webhookUrl });
    ctx.status = 202;
    ctx.body = { data: run };
  });

  return router;
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
