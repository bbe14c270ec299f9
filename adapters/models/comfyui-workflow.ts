import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ProviderNotConfigured } from './providers';

/**
 * A ComfyUI workflow in API format (File > Export (API)): node id -> `{class_type, inputs}`. Atelier fills
 * these placeholders, written as whole string values (`"seed": "{{seed}}"` becomes a number) or inside
 * text (`"text": "{{prompt}}, film grain"`):
 *
 * | placeholder | value |
 * |---|---|
 * | `{{prompt}}` | the node's prompt, with its revision directions as plain words |
 * | `{{negative_prompt}}` | what to avoid (blurry, text artefacts) |
 * | `{{width}}`, `{{height}}` | the asked size, rounded to a multiple of 16 |
 * | `{{gen_width}}`, `{{gen_height}}` | the asked aspect ratio at the size models generate best (about 1 MP for images, 832x480 for video) |
 * | `{{seed}}` | a seed from the node's variation |
 * | `{{image}}` | the uploaded input image (image to image, image to video) |
 * | `{{seconds}}`, `{{fps}}`, `{{frames}}` | the clip length, its frame rate (16) and frame count (4n+1) |
 * | `{{filename_prefix}}` | where the server saves the result |
 */
export type ComfyWorkflow = Record<
  string,
  { class_type: string; inputs: Record<string, unknown>; _meta?: unknown }
>;

export type ComfyValues = Record<string, string | number>;

const NAME = /^[\w-]{1,80}$/;
const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** Reads `<dir>/<name>.json`; a missing or malformed workflow is the deployment's configuration error. */
export async function loadWorkflow(dir: string, name: string): Promise<ComfyWorkflow> {
  if (!NAME.test(name)) throw new ProviderNotConfigured(`"${name}" is not a ComfyUI workflow name`);
  const text = await readFile(join(dir, `${name}.json`), 'utf8').catch(() => {
    throw new ProviderNotConfigured(`ComfyUI workflow "${name}" not found in ${dir}`);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ProviderNotConfigured(`ComfyUI workflow "${name}" is not JSON: ${(err as Error).message}`);
  }
  const nodes = Object.entries((json ?? {}) as Record<string, unknown>);
  const apiFormat =
    nodes.length > 0 &&
    nodes.every(
      ([, n]) =>
        typeof (n as { class_type?: unknown })?.class_type === 'string' &&
        typeof (n as { inputs?: unknown }).inputs === 'object',
    );
  if (!apiFormat)
    throw new ProviderNotConfigured(
      `ComfyUI workflow "${name}" is not in API format (export it with "Export (API)"): every node needs class_type and inputs`,
    );
  return json as ComfyWorkflow;
}

/** The placeholders a workflow uses. */
export function workflowPlaceholders(workflow: ComfyWorkflow): Set<string> {
  return new Set([...JSON.stringify(workflow).matchAll(PLACEHOLDER)].map((m) => m[1]));
}

/** The workflow with its placeholders filled; an unknown placeholder is a configuration error. */
export function fillWorkflow(workflow: ComfyWorkflow, values: ComfyValues): ComfyWorkflow {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = value.match(/^\{\{\s*([a-z_]+)\s*\}\}$/);
      if (whole) return lookup(whole[1]);
      return value.replace(PLACEHOLDER, (_, name: string) => String(lookup(name)));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  const lookup = (name: string) => {
    if (!(name in values))
      throw new ProviderNotConfigured(`ComfyUI workflow uses {{${name}}}, which Atelier does not fill`);
    return values[name];
  };
  return fill(workflow) as ComfyWorkflow;
}
