import { localEmbeddings } from '../../adapters/models/local-embeddings';
import { localModelPath } from '../../api/commands/semantic-scorer';
import { loadConfig } from '../../core/config';
import type { DiscoveryCandidate } from '../../core/discovery/candidate';
import { OUT_OF_SCOPE_KINDS } from '../../core/discovery/judgement/out-of-scope-kinds';
import type { SemanticEvidence } from '../../core/discovery/judgement/semantic-evidence';
import { appEmbeddingText, cosine } from '../../core/discovery/cosine';

/**
 * Each text's similarity to every app under the local embeddings model (set up by scripts/setup.sh),
 * as discovery computes it with EMBEDDINGS_PROVIDER=local.
 */
export async function briefSimilarities(
  texts: string[],
  candidates: DiscoveryCandidate[],
): Promise<Map<string, SemanticEvidence>> {
  const model = localEmbeddings({ modelPath: localModelPath(loadConfig(process.env)) });
  try {
    const apps = await model.embed(candidates.map(appEmbeddingText));
    const kinds = await model.embed(OUT_OF_SCOPE_KINDS.map((k) => k.text));
    const out = new Map<string, SemanticEvidence>();
    for (const text of new Set(texts)) {
      const [vector] = await model.embed([text]);
      out.set(text, {
        apps: new Map(candidates.map((c, i) => [c.appId, cosine(vector, apps[i])])),
        outOfScope: Math.max(...kinds.map((k) => cosine(vector, k))),
      });
    }
    return out;
  } finally {
    await model.dispose();
  }
}
