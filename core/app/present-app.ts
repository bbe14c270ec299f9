import type { Visibility } from './app-access';
import { estimateCredits, type NodeCosts } from '../billing/credits';
import type { AppWarning, BuiltApp } from './build-app';
import type { CompiledApp } from './compiled-app';
import type { AppDetail, AppSummary } from '../responses/apps';
import type { AppCheck, AppDefinitionView, AppWorkflow } from '../responses/apps';

/** A compiled app with the stored columns its presentation reads (an `apps` row has them). */
export interface PresentableApp extends CompiledApp {
  row: { id: string; name: string; description: string | null; visibility: Visibility };
}

export function presentAppSummary(app: PresentableApp): AppSummary {
  return {
    appId: app.row.id,
    name: app.row.name,
    description: app.row.description,
    isPublic: app.row.visibility === 'public',
    visibility: app.row.visibility,
    capabilities: app.capabilities,
  };
}

export function presentAppDetail(app: PresentableApp): AppDetail {
  const { capabilities, ...summary } = presentAppSummary(app);
  return {
    ...summary,
    parameters: app.definition.parameters.map((p) => ({
      id: p.id,
      name: p.name,
      key: p.key,
      type: p.type,
      // The contract reports every parameter as required; `default` tells which may be omitted.
      required: true,
      description: p.description,
      ...(p.options ? { options: p.options } : {}),
      ...(p.default !== undefined ? { default: p.default } : {}),
      ...(p.accept ? { accept: p.accept } : {}),
      multiple: p.multiple,
    })),
    outputs: app.plan.outputs.map((o) => ({ index: o.index, label: o.label, type: o.type })),
    frontmatter: app.definition.frontmatter,
    capabilities,
  };
}

export function presentAppWorkflow(app: PresentableApp): AppWorkflow {
  return {
    appId: app.row.id,
    name: app.row.name,
    nodes: app.definition.graph.nodes.map((n) => ({ id: n.id, type: n.type, label: n.label })),
    edges: app.definition.graph.edges.map((e) => ({ source: e.source, target: e.target })),
  };
}

/** An app with the stored columns of its editing history. */
export interface VersionedApp extends PresentableApp {
  row: PresentableApp['row'] & { version: number; source: string; updated_at: Date | string };
}

/**
 * GET /v1/apps/{appId}/definition, and the answer of POST and PUT /v1/apps: the app exactly as it is
 * written (parameters as declared, nodes with their config and position), with what is derived from it
 * and whether the caller may write a new version of it.
 */
export function presentAppDefinition(app: VersionedApp, editable: boolean): AppDefinitionView {
  const { definition } = app;
  return {
    ...presentAppSummary(app),
    version: app.row.version,
    source: app.row.source,
    editable,
    updatedAt: new Date(app.row.updated_at).toISOString(),
    parameters: definition.parameters,
    frontmatter: definition.frontmatter,
    graph: definition.graph,
    outputs: presentOutputs(app),
  };
}

/** The answer of `?validateOnly=true`: the app would be stored as it is; what it would make and cost. */
export function presentAppCheck(app: CompiledApp, warnings: AppWarning[], costs: NodeCosts): AppCheck {
  const estimate = estimateCredits(
    app.plan,
    app.plan.nodes.map((n) => n.id),
    costs,
  );
  return {
    valid: true,
    outputs: presentOutputs(app),
    capabilities: app.capabilities,
    estimatedCredits: { expected: estimate.expected, min: estimate.min, max: estimate.max },
    warnings,
  };
}

/** What writing an app (create or new version) came to: stored, or only checked (`validateOnly`). */
export type AppWrite =
  { stored: true; app: VersionedApp; warnings: AppWarning[] } | { stored: false; built: BuiltApp };

/** The answer of POST and PUT /v1/apps (and tRPC apps.create/update): the definition, or the check. */
export function presentAppWrite(result: AppWrite, costs: NodeCosts) {
  return result.stored
    ? { ...presentAppDefinition(result.app, true), warnings: result.warnings }
    : presentAppCheck(result.built.app, result.built.warnings, costs);
}

/** The outputs an app makes, with the output node behind each (the builder points at it). */
function presentOutputs(app: CompiledApp) {
  return app.plan.outputs.map((o) => ({ index: o.index, label: o.label, type: o.type, nodeId: o.nodeId }));
}
