/** What the embeddings say of a brief: its similarity to each app, and to the nearest out-of-scope kind. */
export interface SemanticEvidence {
  apps: Map<string, number>;
  outOfScope?: number;
}
