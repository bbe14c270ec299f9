import { z } from 'zod';
import type { NodeCosts } from '../billing/credits';
import { NODE_DEFINITIONS, NODE_TYPE_NAMES } from '../../nodes/definitions';
import type { NodeTypeSpec } from './node-types';
import type { NodeTypeInfo } from '../responses/apps';

/**
 * GET /v1/node-types: what a builder needs to offer each node type. The config schema is the JSON Schema
 * of what a caller writes (defaults optional); template strings carry `format: "template"`.
 */
export function presentNodeTypes(costs: NodeCosts): NodeTypeInfo[] {
  return NODE_TYPE_NAMES.map((type) => {
    const spec: NodeTypeSpec = NODE_DEFINITIONS[type];
    const configSchema = z.toJSONSchema(spec.config, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    delete configSchema.$schema;
    return {
      type,
      title: spec.title,
      description: spec.description,
      produces: spec.produces,
      generation: spec.generation,
      parents: { min: spec.minParents, max: spec.maxParents },
      credits: costs[type],
      configSchema,
    };
  });
}
