import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileCachedEmbeddings } from '../../../adapters/models/vector-file';
import type { EmbeddingsModel } from '../../../adapters/models/openai-embeddings';

/** A model that embeds a text as [its length, 1] and counts what it was asked. */
function countingModel() {
  const asked: string[] = [];
  const model: EmbeddingsModel = {
    name: 'counting',
    async embed(texts) {
      asked.push(...texts);
      return texts.map((t) => [t.length, 1]);
    },
  };
  return { model, asked };
}

describe('fileCachedEmbeddings', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vector-file-'));

  test('a second process reads the vectors back instead of embedding again', async () => {
    const file = path.join(dir, 'a.json');
    const first = countingModel();
    expect(await fileCachedEmbeddings(first.model, file, 'm1').embed(['ab', 'abc'])).toEqual([
      [2, 1],
      [3, 1],
    ]);
    const second = countingModel();
    const again = fileCachedEmbeddings(second.model, file, 'm1');
    expect(await again.embed(['abc', 'ab', 'abcd'])).toEqual([
      [3, 1],
      [2, 1],
      [4, 1],
    ]);
    expect(second.asked).toEqual(['abcd']);
  });

  test('vectors of another model identity are not reused', async () => {
    const file = path.join(dir, 'b.json');
    await fileCachedEmbeddings(countingModel().model, file, 'm1').embed(['x']);
    const other = countingModel();
    await fileCachedEmbeddings(other.model, file, 'm2').embed(['x']);
    expect(other.asked).toEqual(['x']);
  });

  test('an unreadable file starts empty; an unwritable one is logged and the vectors stay in memory', async () => {
    const file = path.join(dir, 'c.json');
    writeFileSync(file, '{not json');
    const model = countingModel();
    expect(await fileCachedEmbeddings(model.model, file, 'm1').embed(['q'])).toEqual([[1, 1]]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(expect.any(Object));

    const locked = path.join(dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    const warnings: unknown[] = [];
    const cached = fileCachedEmbeddings(countingModel().model, path.join(locked, 'd.json'), 'm1', {
      warn: (obj: unknown) => void warnings.push(obj),
    });
    expect(await cached.embed(['hello'])).toEqual([[5, 1]]);
    // root ignores directory permissions; the warning is only expected where the write really failed
    if (process.getuid?.() !== 0) expect(warnings).toHaveLength(1);
  });
});
