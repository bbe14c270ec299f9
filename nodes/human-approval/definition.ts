import { z } from 'zod';
import { WORKFLOW_ONLY_NODE, type NodeDefinition } from '../node-definition';

export const HumanApprovalConfig = z.object({
  instructions: z.string().max(1000).default('Approve or reject this output.'),
  timeout: z.string().optional(),
});
export type HumanApprovalConfig = z.infer<typeof HumanApprovalConfig>;

/**
 * human.approval: no activity. The workflow records the node `awaiting_approval` and waits (at most `timeout`,
 * else the run's approval timeout) for the `approval` update (workflows/definitions.ts); an approval forwards
 * the parent's output, a rejection fails the node (`awaitApproval` in workflows/run-app.ts).
 */
export const HUMAN_APPROVAL = {
  title: 'Human approval',
  description: 'Pauses the run until a person approves or rejects the output of its parent.',
  config: HumanApprovalConfig,
  ...WORKFLOW_ONLY_NODE,
  execution: 'await-approval',
} as const satisfies NodeDefinition;
