import { presentNodeTypes } from '../../core/graph/present-node-types';
import type { ApiDeps } from '../deps';

/** GET /v1/node-types: every node type with its config schema and this deployment's credits per node. */
export function listNodeTypes(deps: ApiDeps) {
  return presentNodeTypes(deps.costs);
}
