import { localEmbeddings } from '../../adapters/models/local-embeddings';
import { localModelPath } from '../../api/commands/semantic-scorer';
import { loadConfig } from '../../core/config';
import type { DiscoveryCandidate } from '../../core/discovery/candidate';
import { appEmbeddingText, cosine } from '../../core/discovery/cosine';

/**
 * Each text's similarity to every app under the local embeddings model (set up by scripts/setup.sh),
 * as discovery computes it with EMBEDDINGS_PROVIDER=local.
 */
export async function briefSimilarities(
  texts: string[],
  candidates: DiscoveryCandidate[],
): Promise<Map<string, Map<string, number>>> {
  const model = localEmbeddings({ modelPath: localModelPath(loadConfig(process.env)) });
  try {
    const apps = await model.embed(candidates.map(appEmbeddingText));
    const out = new Map<string, Map<string, number>>();
    for (const text of new Set(texts)) {
      const [vector] = await model.embed([text]);
      out.set(text, new Map(candidates.map((c, i) => [c.appId, cosine(vector, apps[i])])));
    }
    return out;
  } finally {
    await model.dispose();
  }
}
