import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppDefinition } from '../core/app/app-definition';
import { compileGraph, GraphCompileError } from '../core/graph/compile-graph';
import { ComposeFormat } from '../core/compose/compose-format';
import { z } from 'zod';

export class CatalogError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    message: string,
  ) {
    super(`${file}: ${field}: ${message}`);
    this.name = 'CatalogError';
  }
}

export const CATALOG_DIR = join(__dirname, '..', 'catalog');

/** Reads, validates and compiles every `*.json` app in `dir`; the first bad file throws with its name and field. */
export function loadCatalogApps(dir = join(CATALOG_DIR, 'apps')): AppDefinition[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const apps = files.map((file) => parseAppFile(file, readFileSync(join(dir, file), 'utf8')));
  const ids = new Set<string>();
  apps.forEach((app, i) => {
    if (ids.has(app.appId)) throw new CatalogError(files[i], 'appId', `duplicate appId ${app.appId}`);
    ids.add(app.appId);
  });
  return apps;
}

export function parseAppFile(file: string, text: string): AppDefinition {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new CatalogError(file, '(file)', `invalid JSON: ${(err as Error).message}`);
  }
  const parsed = AppDefinition.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CatalogError(file, issue.path.join('.') || '(root)', issue.message);
  }
  try {
    compileGraph(parsed.data.graph, parsed.data.parameters);
  } catch (err) {
    if (err instanceof GraphCompileError)
      throw new CatalogError(file, err.issues[0].field, err.issues[0].message);
    throw err;
  }
  return parsed.data;
}

/** The compose formats of `catalog/compose-formats.json`, validated. */
export function loadComposeFormats(file = join(CATALOG_DIR, 'compose-formats.json')): ComposeFormat[] {
  const parsed = z.array(ComposeFormat).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CatalogError('compose-formats.json', issue.path.join('.'), issue.message);
  }
  return parsed.data;
}
