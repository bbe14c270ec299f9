import type { ExampleVotes } from './example-votes';

/**
 * What the embeddings say of a brief: its similarity to each app, to the nearest out-of-scope kind,
 * and how its nearest labelled example requests vote (when examples are embedded).
 */
export interface SemanticEvidence {
  apps: Map<string, number>;
  outOfScope?: number;
  examples?: ExampleVotes;
}
