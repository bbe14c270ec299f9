import type { Logger } from 'pino';
import type { EmbeddingsModel } from './openai-embeddings';

// Types only: node-llama-cpp is an ES module with top-level await, so it is loaded with import() when
// the first text is embedded, never at require time.
import type { Llama, LlamaEmbeddingContext, LlamaLogLevel, LlamaModel } from 'node-llama-cpp' with {
  'resolution-mode': 'import',
};

export interface LocalEmbeddingsOptions {
  /** A GGUF sentence-embedding model (BERT architecture, mean pooling), e.g. all-MiniLM-L6-v2. */
  modelPath: string;
  logger?: Pick<Logger, 'warn' | 'debug'>;
  /**
   * CPU threads for one text; 1 by default. A brief is a few dozen word pieces: a second thread saves
   * little, and when the cores are busy (API, worker, ffmpeg) llama.cpp's threads wait on each other,
   * measured here at 26 ms p50 with one thread against 350-530 ms with two on a loaded 2-core machine.
   */
  threads?: number;
}

/**
 * Word pieces of a text that reach the model, as sentence-transformers' all-MiniLM-L6-v2 does
 * (max_seq_length 256 with [CLS] and [SEP]); the rest of a long text is cut.
 */
export const MAX_TEXT_TOKENS = 254;
/** The context holds one text: its pieces, [CLS] and [SEP], within the model's 512 positions. */
const CONTEXT_SIZE = 512;

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaEmbeddingContext;
}

/** Scales a vector to unit length (a zero vector stays zero), so cosine is a dot product. */
export function l2Normalise(vector: ArrayLike<number>): number[] {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  const norm = Math.sqrt(sum);
  return Array.from(vector, (x) => (norm === 0 ? 0 : x / norm));
}

async function load(options: LocalEmbeddingsOptions): Promise<Loaded> {
  const { getLlama } = await import('node-llama-cpp');
  const logger = options.logger;
  const llama = await getLlama({
    gpu: false,
    build: 'never',
    progressLogs: false,
    // llama.cpp and node-llama-cpp notices (model metadata, "detokenizing gives a different text",
    // which an uncased WordPiece vocabulary always does) are debug; only its errors are warnings.
    logger: (level: LlamaLogLevel, message: string) => {
      const text = message.trim();
      if (!text || !logger) return;
      if (level === 'error' || level === 'fatal')
        logger.warn({ llama: text }, 'local embeddings: llama.cpp error');
      else logger.debug({ llama: text }, 'local embeddings: llama.cpp');
    },
  });
  const model = await llama.loadModel({ modelPath: options.modelPath, gpuLayers: 0 });
  const threads = options.threads ?? 1;
  const context = await model.createEmbeddingContext({ contextSize: CONTEXT_SIZE, threads });
  return { llama, model, context };
}

async function embedOne(loaded: Loaded, text: string): Promise<number[]> {
  const pieces = loaded.model.tokenize(text);
  // A text with no word pieces (empty, only spaces) gets a zero vector: cosine 0 with every app.
  if (pieces.length === 0) return new Array<number>(loaded.model.embeddingVectorSize).fill(0);
  const input = pieces.length > MAX_TEXT_TOKENS ? pieces.slice(0, MAX_TEXT_TOKENS) : pieces;
  return l2Normalise((await loaded.context.getEmbeddingFor(input)).vector);
}

export interface LocalEmbeddingsModel extends EmbeddingsModel {
  /** Loads the model now (otherwise the first embed() does); rejects if it cannot be loaded. */
  ready(): Promise<void>;
  /** Frees the model and its context; a later embed() loads it again. */
  dispose(): Promise<void>;
}

/**
 * A sentence-embedding model run in-process by node-llama-cpp on the CPU (llama.cpp, no GPU, no server).
 * The model is loaded once, on first use; texts are embedded one at a time in the order given, each
 * vector L2-normalised. The same text gives the same vector (one sequence, no batching across texts).
 */
export function localEmbeddings(options: LocalEmbeddingsOptions): LocalEmbeddingsModel {
  let loading: Promise<Loaded> | undefined;
  const loaded = () => {
    loading ??= load(options).catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  return {
    name: `local:${options.modelPath}`,
    async ready() {
      await loaded();
    },
    async embed(texts) {
      const model = await loaded();
      const vectors: number[][] = [];
      for (const text of texts) vectors.push(await embedOne(model, text));
      return vectors;
    },
    async dispose() {
      const current = loading;
      loading = undefined;
      if (!current) return;
      const model = await current.catch(() => undefined);
      await model?.context.dispose();
      await model?.model.dispose();
      await model?.llama.dispose();
    },
  };
}

const shared = new Map<string, LocalEmbeddingsModel>();

/** One model per file for the whole process: every scorer that asks for the same path shares it. */
export function sharedLocalEmbeddings(options: LocalEmbeddingsOptions): LocalEmbeddingsModel {
  let model = shared.get(options.modelPath);
  if (!model) {
    model = localEmbeddings(options);
    shared.set(options.modelPath, model);
  }
  return model;
}
