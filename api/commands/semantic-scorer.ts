import type { Logger } from 'pino';
import type { Config } from '../../core/config';
import type { DiscoveryCandidate } from '../../core/discovery/candidate';
import { appEmbeddingText, cosine } from '../../core/discovery/cosine';
import {
  cachedEmbeddings,
  openAiEmbeddings,
  type EmbeddingsModel,
} from '../../adapters/models/openai-embeddings';

export type SemanticScorer = (
  intent: string,
  candidates: DiscoveryCandidate[],
) => Promise<Map<string, number> | undefined>;

/**
 * The semantic component of discovery, when EMBEDDINGS_PROVIDER=openai: the intent and each app's
 * text are embedded (app vectors cached by text), and each app gets its cosine similarity. If the
 * provider fails, discovery answers on lexical scores alone and logs why.
 */
export function semanticScorer(config: Config, logger: Logger, model?: EmbeddingsModel): SemanticScorer {
  if (config.EMBEDDINGS_PROVIDER !== 'openai' && !model) return async () => undefined;
  const embeddings = cachedEmbeddings(
    model ??
      openAiEmbeddings({
        baseUrl: config.OPENAI_BASE_URL,
        apiKey: config.OPENAI_API_KEY,
        model: config.OPENAI_EMBEDDING_MODEL,
      }),
  );
  return async (intent, candidates) => {
    if (candidates.length === 0) return undefined;
    try {
      const vectors = await embeddings.embed([intent, ...candidates.map(appEmbeddingText)]);
      return new Map(candidates.map((c, i) => [c.appId, cosine(vectors[0], vectors[i + 1])]));
    } catch (err) {
      logger.warn(
        { err: (err as Error).message },
        'embeddings unavailable; discovery uses lexical scores only',
      );
      return undefined;
    }
  };
}
