import type { Visibility } from './app-access';
import type { CompiledApp } from './compiled-app';

/** A compiled app with the stored columns its presentation reads (an `apps` row has them). */
export interface PresentableApp extends CompiledApp {
  row: { id: string; name: string; description: string | null; visibility: Visibility };
}

export function presentAppSummary(app: PresentableApp) {
  return {
    appId: app.row.id,
    name: app.row.name,
    description: app.row.description,
    isPublic: app.row.visibility === 'public',
    visibility: app.row.visibility,
    capabilities: app.capabilities,
  };
}

export function presentAppDetail(app: PresentableApp) {
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

export function presentAppWorkflow(app: PresentableApp) {
  return {
    appId: app.row.id,
    name: app.row.name,
    nodes: app.definition.graph.nodes.map((n) => ({ id: n.id, type: n.type, label: n.label })),
    edges: app.definition.graph.edges.map((e) => ({ source: e.source, target: e.target })),
  };
}
