import type { Caller } from '../../core/app/app-access';
import { compileGraph } from '../../core/graph/compile-graph';
import { buildComposeGraph, type SceneImages } from '../../core/compose/build-compose-graph';
import type { ComposeFormat } from '../../core/compose/compose-format';
import { scriptSeconds, splitScript } from '../../core/compose/split-script';
import { validationError, type ValidationDetail } from '../../core/errors';
import { COMPOSE_MAX_SCRIPT_SECONDS } from '../../core/limits';
import type { NodeOutput } from '../../core/run/run-types';
import { runOutputs, type RunView } from '../../core/run/present-run';
import { isTerminal } from '../../core/run/run-status';
import { checkMediaUrl } from '../../adapters/http/safe-fetch';
import { findRun, findRunNodes } from '../../adapters/db/runs';
import type { ApiDeps } from '../deps';
import { checkWebhookTarget } from './check-webhook-target';
import { launchRun } from './start-run';

/** Composed runs are recorded as runs of the built-in "Scripted Video" app. */
export const COMPOSE_APP_ID = '4f7b2c8e-8a1d-4c55-9a57-1f3f2f6f0c11';
const MAX_IMAGES = 10;

export interface ComposeRequest {
  format: ComposeFormat;
  script?: string;
  runId?: string;
  aspectRatio: string;
  clipSeconds: number;
  inputs: Record<string, unknown>;
  webhookUrl: string | null;
  /** The id the new run takes (an Idempotency-Key's). */
  newRunId?: string;
}

/**
 * Starts a composed video, once its webhook URL's address passes.
 * 1. Material: the script, or an earlier completed run of the workspace (its text as script, its images
 *    as scenes, reused from storage without running again).
 * 2. The format's required inputs (image URLs) are checked through safe-fetch.
 * 3. The script is cut into scenes; at most 90 seconds of narration.
 * 4. The graph is built, compiled and launched with source `compose`.
 */
export async function composeVideo(deps: ApiDeps, caller: Caller, request: ComposeRequest): Promise<RunView> {
  await checkWebhookTarget(deps, request.webhookUrl);
  const details: ValidationDetail[] = [];
  const material = request.runId
    ? await runMaterial(deps, caller, request.runId, details)
    : { script: request.script ?? '', images: [] as NodeOutput[] };
  const script = (request.script ?? material.script).trim();
  if (!script)
    details.push({
      param: request.runId ? 'runId' : 'script',
      code: 'missing_script',
      message: 'There is no script: give one, or a run with a text output',
    });
  if (scriptSeconds(script) > COMPOSE_MAX_SCRIPT_SECONDS)
    details.push({
      param: 'script',
      code: 'script_too_long',
      message: `The script runs about ${Math.round(scriptSeconds(script))} s; the limit is ${COMPOSE_MAX_SCRIPT_SECONDS} s`,
    });
  const urls = await checkFormatInputs(deps, request, details);
  const images = sceneImages(request.format, Object.keys(urls), material.images, details);
  if (details.length > 0) throw validationError(details, details.map((d) => d.message).join('; '));

  const scenes = splitScript(script, request.clipSeconds);
  const built = buildComposeGraph({
    format: request.format,
    scenes,
    clipSeconds: request.clipSeconds,
    images,
  });
  const plan = compileGraph(built.graph, built.parameters);
  const params: Record<string, unknown> = { script, aspect_ratio: request.aspectRatio, ...urls };
  const seedOutputs = Object.fromEntries(built.seededNodes.map((id, k) => [id, material.images[k]]));
  return launchRun(deps, caller, {
    appId: COMPOSE_APP_ID,
    plan,
    params,
    execute: plan.nodes.map((n) => n.id).filter((id) => !built.seededNodes.includes(id)),
    seedOutputs,
    source: 'compose',
    webhookUrl: request.webhookUrl,
    newRunId: request.newRunId,
  });
}

async function runMaterial(deps: ApiDeps, caller: Caller, runId: string, details: ValidationDetail[]) {
  const run = await findRun(deps.db, runId, caller.workspaceId);
  if (!run || run.status !== 'completed') {
    details.push({
      param: 'runId',
      code: run ? 'run_not_completed' : 'run_not_found',
      message: run ? `The run is ${run.status}, not completed` : 'No run with this id in the workspace',
    });
    return { script: '', images: [] };
  }
  const latest = new Map<string, NodeOutput>();
  for (const row of await findRunNodes(deps.db, run.id))
    if (!latest.has(row.node_id) && row.status === 'completed' && row.output)
      latest.set(row.node_id, row.output as NodeOutput);
  const outputs = runOutputs(run.plan as never, run.execute as string[])
    .map((o) => latest.get(o.nodeId))
    .filter((o): o is NodeOutput => o !== undefined);
  const script = outputs
    .filter((o) => o.kind === 'text')
    .map((o) => (o as { text: string }).text)
    .join(' ');
  return {
    script: isTerminal(run.status) ? script : '',
    images: outputs.filter((o) => o.modality === 'image').slice(0, MAX_IMAGES),
  };
}

/**
 * Required image inputs of the format must be reachable images. Returns URLs by parameter key: a list
 * input (`images`) gives `image_1`, `image_2` ...; a single one keeps its name (`presenter`).
 */
async function checkFormatInputs(
  deps: ApiDeps,
  request: ComposeRequest,
  details: ValidationDetail[],
): Promise<Record<string, string>> {
  const urls: Record<string, string> = {};
  for (const input of request.format.inputs.filter((i) => i.type === 'image')) {
    const value = request.inputs[input.name];
    const given = (Array.isArray(value) ? value : value === undefined ? [] : [value]).slice(0, MAX_IMAGES);
    if (given.length === 0) {
      if (input.required)
        details.push({
          param: input.name,
          code: 'missing_no_default',
          message: `${input.name}: ${input.description}`,
        });
      continue;
    }
    for (const [k, url] of given.entries()) {
      const key = Array.isArray(value) ? `${input.name.replace(/s$/, '')}_${k + 1}` : input.name;
      const check =
        typeof url === 'string'
          ? await checkMediaUrl(url, { accept: ['image'], allowHosts: deps.config.SAFE_FETCH_ALLOW_HOSTS })
          : { ok: false as const, reason: 'expects a URL string' };
      if (!check.ok)
        details.push({ param: input.name, code: 'invalid_media', message: `${input.name}: ${check.reason}` });
      else urls[key] = url as string;
    }
  }
  const unknown = Object.keys(request.inputs).filter(
    (name) => !request.format.inputs.some((i) => i.name === name),
  );
  for (const name of unknown)
    details.push({
      param: name,
      code: 'unknown_parameter',
      message: `"${name}" is not an input of format ${request.format.id}`,
    });
  return urls;
}

function sceneImages(
  format: ComposeFormat,
  urlKeys: string[],
  runImages: NodeOutput[],
  details: ValidationDetail[],
): SceneImages {
  if (urlKeys.length > 0) return { kind: 'urls', keys: urlKeys };
  if (runImages.length > 0 && format.style === 'images') return { kind: 'seeded', count: runImages.length };
  if (format.style === 'images')
    details.push({
      param: 'images',
      code: 'missing_no_default',
      message: 'A photo slideshow needs images: give image URLs or a run with image outputs',
    });
  return { kind: 'none' };
}
