import { z } from 'zod';
import type { NodeOutput } from '../../core/run/run-types';
import { PROVIDER_RETRY, type NodeDefinition } from '../node-definition';

export const QualityCheckConfig = z.object({
  minScore: z.number().min(0).max(1).default(0.6),
  maxRetries: z.number().int().min(0).max(5).default(2),
});
export type QualityCheckConfig = z.infer<typeof QualityCheckConfig>;

/** What the workflow asks the scorer: one output of the parent, and the threshold it must reach. */
export interface QualityCheckInput {
  runId: string;
  nodeId: string;
  revision: number;
  output: NodeOutput;
  minScore: number;
}

/**
 * quality.check: its activity scores the parent's output from measured properties; below `minScore` the
 * workflow runs the parent again as a new variation (at most `maxRetries` times) and keeps the best output
 * (`qualityGate` in workflows/run-app.ts).
 */
export const QUALITY_CHECK = {
  title: 'Quality check',
  description:
    'Scores the output of its parent and runs the parent again while the score is below a threshold.',
  config: QualityCheckConfig,
  produces: 'passthrough',
  generation: false,
  queue: 'media',
  produceTag: null,
  minParents: 1,
  maxParents: 1,
  execution: 'quality-gate',
  activity: { name: 'qualityCheck', options: { startToCloseTimeout: '2m', retry: PROVIDER_RETRY } },
} as const satisfies NodeDefinition;
