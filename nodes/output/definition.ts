import { z } from 'zod';
import { WORKFLOW_ONLY_NODE, type NodeDefinition } from '../node-definition';

export const OutputConfig = z.object({ label: z.string().min(1).max(80) });
export type OutputConfig = z.infer<typeof OutputConfig>;

/** output: one of the app's outputs; the workflow forwards its parent's output under the output's label. */
export const OUTPUT = {
  title: 'Output',
  description: 'Makes the result of its parent one of the outputs of the app, under a label.',
  config: OutputConfig,
  ...WORKFLOW_ONLY_NODE,
  execution: 'forward',
} as const satisfies NodeDefinition;
