import { createHash } from 'node:crypto';

/** Turns texts into vectors; one vector per text, in order. */
export interface EmbeddingsModel {
  readonly name: string;
  embed(texts: string[]): Promise<number[][]>;
}

export interface OpenAiEmbeddingsOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  /** Texts per request; the OpenAI endpoint takes up to 2048 inputs. */
  batchSize?: number;
}

export class EmbeddingsError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EmbeddingsError';
  }
}

interface EmbeddingsResponse {
  data?: { index: number; embedding: number[] }[];
  error?: { message?: string };
}

/**
 * A client of the OpenAI-compatible `POST {baseUrl}/embeddings` endpoint (OpenAI, Ollama, vLLM,
 * llama.cpp server): body `{model, input: [texts], encoding_format: "float"}`, answer
 * `{data: [{index, embedding}]}`, ordered here by `index` since the protocol does not promise order.
 */
export function openAiEmbeddings(options: OpenAiEmbeddingsOptions): EmbeddingsModel {
  const url = `${options.baseUrl.replace(/\/$/, '')}/embeddings`;
  const batchSize = options.batchSize ?? 256;
  const request = async (input: string[]): Promise<number[][]> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: options.model, input, encoding_format: 'float' }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const body = (await res.json().catch(() => ({}))) as EmbeddingsResponse;
    if (!res.ok)
      throw new EmbeddingsError(
        `embeddings request failed (${res.status}): ${body.error?.message ?? res.statusText}`,
        res.status,
      );
    const data = body.data ?? [];
    if (data.length !== input.length || data.some((d) => !Array.isArray(d.embedding)))
      throw new EmbeddingsError(`embeddings response has ${data.length} vectors for ${input.length} inputs`);
    return [...data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
  };
  return {
    name: `openai:${options.model}`,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize)
        out.push(...(await request(texts.slice(i, i + batchSize))));
      return out;
    },
  };
}

/**
 * Remembers vectors by a hash of model and text, so each app's description is embedded once per
 * version of its text; only texts not seen before go to the model. Bounded: the oldest entries go first.
 */
export function cachedEmbeddings(
  model: EmbeddingsModel,
  maxEntries = 5000,
): EmbeddingsModel & { readonly size: number } {
  const cache = new Map<string, number[]>();
  const keyOf = (text: string) => createHash('sha256').update(`${model.name}\u0000${text}`).digest('hex');
  return {
    name: model.name,
    get size() {
      return cache.size;
    },
    async embed(texts) {
      const keys = texts.map(keyOf);
      if (await embedMissing(model, texts, keys, cache))
        while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
      return keys.map((k) => cache.get(k)!);
    },
  };
}

/**
 * Embeds the texts whose keys `known` lacks (each once) and adds their vectors to it; true when any
 * were embedded. The caches of vectors (in memory, in a file) share it.
 */
export async function embedMissing(
  model: EmbeddingsModel,
  texts: string[],
  keys: string[],
  known: Map<string, number[]>,
): Promise<boolean> {
  const missing = [...new Set(keys.filter((k) => !known.has(k)))];
  if (missing.length === 0) return false;
  const textOf = new Map(keys.map((k, i) => [k, texts[i]]));
  const vectors = await model.embed(missing.map((k) => textOf.get(k)!));
  missing.forEach((k, i) => known.set(k, vectors[i]));
  return true;
}
