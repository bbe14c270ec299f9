import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../core/config';
import type { DiscoveryCandidate } from '../../core/discovery/candidate';
import { appEmbeddingText, cosine } from '../../core/discovery/cosine';
import { OUT_OF_SCOPE_KINDS } from '../../core/discovery/judgement/out-of-scope-kinds';
import { exampleVotes, type EmbeddedExample } from '../../core/discovery/judgement/example-votes';
import { LABELLED_EXAMPLES } from '../../core/discovery/judgement/examples';
import type { SemanticEvidence } from '../../core/discovery/judgement/semantic-evidence';
import {
  cachedEmbeddings,
  openAiEmbeddings,
  type EmbeddingsModel,
} from '../../adapters/models/openai-embeddings';
import { sharedLocalEmbeddings } from '../../adapters/models/local-embeddings';
import { fileCachedEmbeddings } from '../../adapters/models/vector-file';

export type SemanticScorer = (
  intent: string,
  candidates: DiscoveryCandidate[],
) => Promise<SemanticEvidence | undefined>;

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** LOCAL_EMBEDDINGS_MODEL as a file path: a relative one is taken from the repository root. */
export function localModelPath(config: Pick<Config, 'LOCAL_EMBEDDINGS_MODEL'>): string {
  return path.resolve(REPO_ROOT, config.LOCAL_EMBEDDINGS_MODEL);
}

/** Model files already reported missing: the warning is logged once per process, not once per request. */
const reportedMissing = new Set<string>();

/**
 * The local model (EMBEDDINGS_PROVIDER=local) when its file is there; otherwise a warning, once, and
 * discovery goes on with lexical scores alone.
 */
function localModel(config: Config, logger: Logger): EmbeddingsModel | undefined {
  const modelPath = localModelPath(config);
  if (existsSync(modelPath)) return sharedLocalEmbeddings({ modelPath, logger });
  if (!reportedMissing.has(modelPath)) {
    reportedMissing.add(modelPath);
    logger.warn(
      { modelPath },
      'EMBEDDINGS_PROVIDER=local but the model file is missing (run `npm run setup`); discovery uses lexical scores only',
    );
  }
  return undefined;
}

/** The embeddings model EMBEDDINGS_PROVIDER names, or undefined for `none` (and a missing local model). */
function configuredModel(config: Config, logger: Logger): EmbeddingsModel | undefined {
  switch (config.EMBEDDINGS_PROVIDER) {
    case 'openai':
      return openAiEmbeddings({
        baseUrl: config.OPENAI_BASE_URL,
        apiKey: config.OPENAI_API_KEY,
        model: config.OPENAI_EMBEDDING_MODEL,
      });
    case 'local':
      return localModel(config, logger);
    case 'none':
      return undefined;
  }
}

/** A scorer and what makes it ready: the model loaded and the labelled examples embedded. */
interface Scoring {
  score: SemanticScorer;
  warm(): Promise<void>;
}

/** One scorer per configuration, so app and kind vectors are embedded once per process, not per MCP call. */
const scorers = new WeakMap<Config, Scoring>();

function sharedScoring(config: Config, logger: Logger): Scoring {
  let shared = scorers.get(config);
  if (!shared) {
    const configured = configuredModel(config, logger);
    shared = configured
      ? scorerOver(configured, logger, exampleVectorsFile(config))
      : { score: async () => undefined, warm: async () => {} };
    scorers.set(config, shared);
  }
  return shared;
}

/**
 * The semantic component of discovery, when EMBEDDINGS_PROVIDER is `openai` or `local`: the intent and
 * each app's text are embedded (app vectors cached by text), and each app gets its cosine similarity,
 * with the votes of the brief's nearest labelled example requests. If the provider fails, discovery
 * answers on lexical scores alone and logs why. Without an explicit model the scorer of the
 * configuration is shared.
 */
export function semanticScorer(config: Config, logger: Logger, model?: EmbeddingsModel): SemanticScorer {
  return model ? scorerOver(model, logger).score : sharedScoring(config, logger).score;
}

/**
 * The file the local model's example vectors are kept in, beside the model (setup writes it), so a new
 * process reads them instead of embedding every example again.
 */
function exampleVectorsFile(config: Config): { file: string; identity: string } | undefined {
  if (config.EMBEDDINGS_PROVIDER !== 'local') return undefined;
  const modelPath = localModelPath(config);
  return { file: `${modelPath}.examples.json`, identity: path.basename(modelPath) };
}

function scorerOver(
  chosen: EmbeddingsModel,
  logger: Logger,
  vectors?: { file: string; identity: string },
): Scoring {
  const embeddings = cachedEmbeddings(chosen);
  const examples = embeddedExamples(
    vectors ? fileCachedEmbeddings(chosen, vectors.file, vectors.identity, logger) : embeddings,
  );
  const score: SemanticScorer = async (intent, candidates) => {
    if (candidates.length === 0) return undefined;
    try {
      const kinds = OUT_OF_SCOPE_KINDS.map((k) => k.text);
      const [brief, ...rest] = await embeddings.embed([
        intent,
        ...kinds,
        ...candidates.map(appEmbeddingText),
      ]);
      const usable = new Set(candidates.map((c) => c.appId));
      return {
        apps: new Map(candidates.map((c, i) => [c.appId, cosine(brief, rest[kinds.length + i])])),
        outOfScope: Math.max(...rest.slice(0, kinds.length).map((v) => cosine(brief, v))),
        examples: exampleVotes(brief, await examples(), usable),
      };
    } catch (err) {
      logger.warn(
        { err: (err as Error).message },
        'embeddings unavailable; discovery uses lexical scores only',
      );
      return undefined;
    }
  };
  return { score, warm: async () => void (await examples()) };
}

/**
 * The labelled example requests under this model, embedded once per scorer (a failed attempt is tried
 * again by the next brief): the first brief waits for them unless the start warmed them.
 */
function embeddedExamples(embeddings: EmbeddingsModel): () => Promise<EmbeddedExample[]> {
  let embedding: Promise<EmbeddedExample[]> | undefined;
  return () => {
    embedding ??= embeddings
      .embed(LABELLED_EXAMPLES.map((e) => e.text))
      .then((vectors) => vectors.map((vector, i) => ({ vector, appId: LABELLED_EXAMPLES[i].appId })))
      .catch((err: unknown) => {
        embedding = undefined;
        throw err;
      });
    return embedding;
  };
}

/**
 * Loads the local embeddings model and its labelled examples' vectors in the background at start, so
 * the first brief does not wait seconds for them; a failure is logged and discovery stays lexical until
 * a later load succeeds. Resolves when done (the start does not wait for it; setup does).
 */
export async function warmEmbeddings(config: Config, logger: Logger): Promise<void> {
  if (config.EMBEDDINGS_PROVIDER !== 'local') return;
  if (!existsSync(localModelPath(config))) return;
  await sharedScoring(config, logger)
    .warm()
    .catch((err: unknown) =>
      logger.warn({ err: (err as Error).message }, 'local embeddings did not load at start'),
    );
}
