import type { Modality } from './modality';
import type { NodeType } from './node-types';

/** A node as the interpreter workflow sees it: validated config, parents in edge order, its modality. */
export interface PlanNode {
  id: string;
  type: NodeType;
  label: string;
  config: Record<string, unknown>;
  parents: string[];
  produces: Modality;
}

export interface PlanOutput {
  index: number;
  nodeId: string;
  label: string;
  type: Modality;
}

/** A compiled app graph: nodes in a deterministic topological order, and the app's outputs. */
export interface Plan {
  nodes: PlanNode[];
  outputs: PlanOutput[];
}
