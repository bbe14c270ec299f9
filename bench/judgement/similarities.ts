import { localEmbeddings } from '../../adapters/models/local-embeddings';
import { localModelPath } from '../../api/commands/semantic-scorer';
import { loadConfig } from '../../core/config';
import type { DiscoveryCandidate } from '../../core/discovery/candidate';
import { OUT_OF_SCOPE_KINDS } from '../../core/discovery/judgement/out-of-scope-kinds';
import {
  exampleVotes,
  type EmbeddedExample,
  type LabelledExample,
} from '../../core/discovery/judgement/example-votes';
import type { SemanticEvidence } from '../../core/discovery/judgement/semantic-evidence';
import { appEmbeddingText, cosine } from '../../core/discovery/cosine';

/** A labelled example and the training set it comes from. */
export interface SourcedExample extends LabelledExample {
  set: string;
}

/**
 * Each text's similarity to every app under the local embeddings model (set up by scripts/setup.sh),
 * as discovery computes it with EMBEDDINGS_PROVIDER=local, and the votes of its nearest examples.
 * A text from a training set is voted on only by the examples of the other sets: its own set was
 * written by the same hands, which an unseen brief never is (`setOf` names a text's set).
 */
export async function briefSimilarities(
  texts: string[],
  candidates: DiscoveryCandidate[],
  examples: SourcedExample[],
  setOf: (text: string) => string | undefined,
): Promise<Map<string, SemanticEvidence>> {
  const model = localEmbeddings({ modelPath: localModelPath(loadConfig(process.env)) });
  try {
    const apps = await model.embed(candidates.map(appEmbeddingText));
    const kinds = await model.embed(OUT_OF_SCOPE_KINDS.map((k) => k.text));
    const vectors = new Map<string, number[]>();
    for (const text of new Set([...texts, ...examples.map((e) => e.text)]))
      vectors.set(text, (await model.embed([text]))[0]);
    const embedded = examples.map((e) => ({ set: e.set, vector: vectors.get(e.text)!, appId: e.appId }));
    const usable = new Set(candidates.map((c) => c.appId));
    const out = new Map<string, SemanticEvidence>();
    for (const text of new Set(texts)) {
      const vector = vectors.get(text)!;
      const own = setOf(text);
      const voters: EmbeddedExample[] = embedded.filter((e) => e.set !== own);
      out.set(text, {
        apps: new Map(candidates.map((c, i) => [c.appId, cosine(vector, apps[i])])),
        outOfScope: Math.max(...kinds.map((k) => cosine(vector, k))),
        examples: exampleVotes(vector, voters, usable),
      });
    }
    return out;
  } finally {
    await model.dispose();
  }
}
