import type { AppParameter } from '../app/app-definition';

/** The function the model calls when no offered app fits the brief. */
export const NO_FIT_TOOL = 'no_app_fits';

/** A tool name for an app: the chat completions rule (letters, digits, _ and -, at most 64). */
export function toolName(index: number, appName: string): string {
  const slug = appName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 50);
  return `app${index + 1}_${slug}`;
}

/**
 * An app's parameters as a strict JSON Schema (every property required, no others allowed, as
 * strict mode wants): options as enums of their labels, URLs as strings, and parameters with a
 * default or that the brief may not give as nullable (null = "not stated, keep the default").
 */
export function parameterSchema(parameters: AppParameter[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const p of parameters) {
    const nullable = p.default !== undefined || p.type === 'url';
    const description = [p.name, p.description, p.type === 'url' ? 'Only a URL written in the brief.' : '']
      .filter(Boolean)
      .join('. ');
    const base =
      p.type === 'options'
        ? { enum: nullable ? [...p.options!, null] : p.options! }
        : { type: nullable ? ['string', 'null'] : 'string' };
    properties[p.key] = { ...base, description };
  }
  return { type: 'object', properties, required: parameters.map((p) => p.key), additionalProperties: false };
}

export const NO_FIT_SCHEMA = {
  type: 'object',
  properties: {
    reason: { type: 'string', description: 'What the brief asks for that no offered app makes.' },
  },
  required: ['reason'],
  additionalProperties: false,
};
