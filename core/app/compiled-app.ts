import type { AppDefinition } from './app-definition';
import { compileGraph } from '../graph/compile-graph';
import { deriveCapabilities, type Capabilities } from '../graph/derive-capabilities';
import type { Plan } from '../graph/plan';

export interface CompiledApp {
  definition: AppDefinition;
  plan: Plan;
  capabilities: Capabilities;
}

export function compileApp(definition: AppDefinition): CompiledApp {
  const plan = compileGraph(definition.graph, definition.parameters);
  return {
    definition,
    plan,
    capabilities: deriveCapabilities(plan, definition.parameters, definition.frontmatter),
  };
}
