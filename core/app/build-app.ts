import { z } from 'zod';
import { validationError, type ValidationDetail } from '../errors';
import { FRONTMATTER_SCHEMA_VERSION, FRONTMATTER_SUMMARY_MAX } from '../limits';
import type { GraphCompileError } from '../graph/compile-graph';
import { ancestorsOf } from '../graph/find-subgraph';
import { AppDefinition, AppGraph, AppParameter, Frontmatter, OutputType } from './app-definition';
import { compileApp, type CompiledApp } from './compiled-app';
import { locateGraphIssue } from './locate-graph-issue';

/**
 * An app as a caller writes it (POST /v1/apps, PUT /v1/apps/{appId}, tRPC apps.create/update): no id,
 * frontmatter optional or partial. `outputs`, when given, is what the caller expects the output nodes to
 * make, in order.
 */
export const AppSource = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().max(1000).nullable().optional(),
  parameters: z.array(AppParameter).max(50).default([]),
  frontmatter: Frontmatter.partial().optional(),
  graph: AppGraph,
  outputs: z
    .array(z.object({ label: z.string().min(1).max(80), type: OutputType.optional() }))
    .max(100)
    .optional(),
});
export type AppSource = z.infer<typeof AppSource>;

/** Something the builder should know that does not stop the app from running. */
export interface AppWarning {
  nodeIds: string[];
  message: string;
}

export interface BuiltApp {
  app: CompiledApp;
  warnings: AppWarning[];
}

/**
 * Turns an app source into a compiled app, or one VALIDATION_ERROR listing every problem.
 * 1. Fill the frontmatter a caller left out (summary from the description or the name, empty tag lists).
 * 2. Compile the graph (core/graph/compile-graph.ts); each issue names its node or edge.
 * 3. Declared `outputs`, when given, must be the graph's output nodes: same count, labels, types.
 * 4. Warn about nodes no output depends on: they would run, and cost credits, for nothing.
 */
export function buildApp(appId: string, source: AppSource): BuiltApp {
  const definition = AppDefinition.parse({
    appId,
    name: source.name,
    description: source.description ?? null,
    parameters: source.parameters,
    frontmatter: completeFrontmatter(source),
    graph: source.graph,
  });
  let app: CompiledApp;
  try {
    app = compileApp(definition);
  } catch (err) {
    if ((err as Error).name !== 'GraphCompileError') throw err;
    const details = (err as GraphCompileError).issues.map((issue) =>
      graphDetail(source.graph, issue.field, issue.message, 'invalid_graph'),
    );
    throw validationError(details, `The graph does not compile: ${details[0].message}`);
  }
  const mismatches = outputMismatches(app, source.outputs);
  if (mismatches.length > 0) throw validationError(mismatches, mismatches[0].message);
  return { app, warnings: unusedNodes(app) };
}

/** A detail for a problem at `field` (`graph.nodes[2].config.prompt` or `graph.nodes.2.config`), naming its node or edge. */
export function graphDetail(graph: unknown, field: string, message: string, code: string): ValidationDetail {
  return {
    param: field || null,
    code,
    message: field ? `${field}: ${message}` : message,
    ...locateGraphIssue(graph, field, message),
  };
}

function completeFrontmatter(source: AppSource): Frontmatter {
  const given = source.frontmatter ?? {};
  const summary = (given.summary ?? source.description ?? source.name).trim() || source.name;
  return {
    schemaVersion: FRONTMATTER_SCHEMA_VERSION,
    summary: summary.slice(0, FRONTMATTER_SUMMARY_MAX),
    categories: given.categories ?? [],
    useCases: given.useCases ?? [],
    keywords: given.keywords ?? [],
    aliases: given.aliases ?? [],
    formats: given.formats ?? [],
    platforms: given.platforms ?? [],
    audiences: given.audiences ?? [],
    excludedIntents: given.excludedIntents ?? [],
  };
}

function outputMismatches(app: CompiledApp, declared: AppSource['outputs']): ValidationDetail[] {
  if (!declared) return [];
  const actual = app.plan.outputs;
  const details: ValidationDetail[] = [];
  const describe = actual.map((o) => `"${o.label}" (${o.type})`).join(', ') || 'none';
  if (declared.length !== actual.length)
    details.push({
      param: 'outputs',
      code: 'output_mismatch',
      message: `outputs: ${declared.length} declared, the graph's output nodes make ${actual.length}: ${describe}`,
    });
  declared.forEach((want, i) => {
    const got = actual[i];
    if (!got) return;
    const sameLabel = got.label.toLowerCase() === want.label.toLowerCase();
    if (sameLabel && (!want.type || want.type === got.type)) return;
    details.push({
      param: `outputs[${i}]`,
      code: 'output_mismatch',
      message: `outputs[${i}]: declared "${want.label}"${want.type ? ` (${want.type})` : ''}, the graph makes "${got.label}" (${got.type})`,
      nodeIds: [got.nodeId],
    });
  });
  return details;
}

function unusedNodes(app: CompiledApp): AppWarning[] {
  const needed = new Set(
    ancestorsOf(
      app.plan,
      app.plan.outputs.map((o) => o.nodeId),
    ),
  );
  return app.plan.nodes
    .filter((n) => !needed.has(n.id))
    .map((n) => ({
      nodeIds: [n.id],
      message: `Node "${n.id}" leads to no output: it would run, and cost credits, for nothing`,
    }));
}
