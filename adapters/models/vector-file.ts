import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Logger } from 'pino';
import { embedMissing, type EmbeddingsModel } from './openai-embeddings';

/**
 * An embeddings model whose vectors are kept in a JSON file beside the model (`<model>.vectors.json`),
 * so texts embedded once (the labelled example requests, the apps) are read back in milliseconds by the
 * next process instead of embedded again. Keys hash the text with the model's identity. A file that
 * cannot be read starts empty; one that cannot be written is logged and the vectors stay in memory.
 */
export function fileCachedEmbeddings(
  model: EmbeddingsModel,
  file: string,
  identity: string,
  logger?: Pick<Logger, 'warn'>,
): EmbeddingsModel {
  let vectors: Map<string, number[]> | undefined;
  const keyOf = (text: string) => createHash('sha256').update(`${identity}\u0000${text}`).digest('hex');
  const stored = () => (vectors ??= readVectors(file));
  return {
    name: model.name,
    async embed(texts) {
      const known = stored();
      const keys = texts.map(keyOf);
      if (await embedMissing(model, texts, keys, known)) writeVectors(file, known, logger);
      return keys.map((k) => known.get(k)!);
    },
  };
}

function readVectors(file: string): Map<string, number[]> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, number[]>));
  } catch {
    return new Map();
  }
}

function writeVectors(file: string, vectors: Map<string, number[]>, logger?: Pick<Logger, 'warn'>): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(vectors)));
    renameSync(temporary, file);
  } catch (err) {
    logger?.warn(
      { err: (err as Error).message, file },
      'embedding vectors could not be stored; kept in memory',
    );
  }
}
