/** `{{key}}` refers to a run parameter, `{{nodes.<id>}}` to the text output of a parent node. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

export interface TemplateRefs {
  params: string[];
  nodes: string[];
}

export function templateRefs(text: string): TemplateRefs {
  const refs: TemplateRefs = { params: [], nodes: [] };
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1];
    if (name.startsWith('nodes.')) refs.nodes.push(name.slice('nodes.'.length));
    else refs.params.push(name);
  }
  return refs;
}

/** Every string inside a node config, at any depth. */
export function configStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(configStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(configStrings);
  return [];
}

/** Fills placeholders; an unknown one becomes the empty string (the compiler has already rejected those). */
export function renderTemplate(
  text: string,
  params: Record<string, unknown>,
  nodeTexts: Record<string, string>,
): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    if (name.startsWith('nodes.')) return nodeTexts[name.slice('nodes.'.length)] ?? '';
    const value = params[name];
    if (value === undefined || value === null) return '';
    return Array.isArray(value) ? value.join(', ') : String(value);
  });
}

/** Renders every string of a config object, keeping its shape. */
export function renderConfig<T>(
  config: T,
  params: Record<string, unknown>,
  nodeTexts: Record<string, string>,
): T {
  const render = (value: unknown): unknown => {
    if (typeof value === 'string') return renderTemplate(value, params, nodeTexts);
    if (Array.isArray(value)) return value.map(render);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, render(v)]));
    return value;
  };
  return render(config) as T;
}
