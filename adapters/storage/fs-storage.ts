import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../../core/errors';
import { assertStorageKey, clampRange, keyUnder, mimeTypeFromKey } from './keys';
import type { ByteRange, ObjectStat, Storage, StoredObject } from './storage';

export interface FsStorageOptions {
  root: string;
  /** Base URL of the API that serves `/cdn/<key>`. */
  publicBaseUrl: string;
}

interface Sidecar {
  mimeType: string;
  sha256: string;
}

/**
 * Objects as files under `root`. Writes go to `.tmp/` and are renamed into place, so a reader never
 * sees half a file; each object has a sidecar under `.meta/` with its mime type and sha256.
 */
export function createFsStorage(options: FsStorageOptions): Storage {
  const root = path.resolve(options.root);
  const baseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  const objectPath = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const sidecarPath = (key: string) => path.join(root, '.meta', `${key}.json`);

  async function write(key: string, source: Readable, mimeType: string): Promise<StoredObject> {
    const target = objectPath(key);
    const { sha256, bytes } = await writeAtomically(root, target, source);
    await writeSidecar(root, sidecarPath(key), { mimeType, sha256 });
    return { key, url: url(key), mimeType, bytes, sha256 };
  }

  function url(key: string): string {
    assertStorageKey(key);
    return `${baseUrl}/cdn/${key}`;
  }

  async function stat(key: string): Promise<ObjectStat | null> {
    const info = await fs.stat(objectPath(key)).catch(ignoreMissing);
    if (!info?.isFile()) return null;
    const sidecar = await readSidecar(sidecarPath(key));
    return {
      bytes: info.size,
      mimeType: sidecar?.mimeType ?? mimeTypeFromKey(key),
      lastModified: new Date(info.mtimeMs),
    };
  }

  async function read(key: string, range?: ByteRange): Promise<Readable> {
    const info = await stat(key);
    if (!info) throw notFound(`Object ${key}`);
    const bounds = range ? clampRange(range, info.bytes) : {};
    return createReadStream(objectPath(key), bounds);
  }

  return {
    driver: 'fs',
    putBuffer: (key, body, mimeType) => write(key, Readable.from([body]), mimeType),
    putFile: (key, filePath, mimeType) => write(key, createReadStream(filePath), mimeType),
    async downloadToFile(key, filePath) {
      if (!(await stat(key))) throw notFound(`Object ${key}`);
      await fs.mkdir(path.dirname(filePath), { recursive: true });
      await fs.copyFile(objectPath(key), filePath);
    },
    read,
    stat,
    url,
    keyOf: (target) => keyUnder(`${baseUrl}/cdn/`, target),
    async copy(fromKey, toKey) {
      const info = await stat(fromKey);
      if (!info) throw notFound(`Object ${fromKey}`);
      return write(toKey, createReadStream(objectPath(fromKey)), info.mimeType);
    },
    async delete(key) {
      await fs.rm(objectPath(key), { force: true });
      await fs.rm(sidecarPath(key), { force: true });
    },
  };
}

/** Streams into a temp file while hashing, then renames it over the target. */
async function writeAtomically(
  root: string,
  target: string,
  source: Readable,
): Promise<{ sha256: string; bytes: number }> {
  const tmpDir = path.join(root, '.tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = path.join(tmpDir, randomUUID());
  const hash = createHash('sha256');
  let bytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, measure, createWriteStream(tmp));
    await fs.rename(tmp, target);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
  return { sha256: hash.digest('hex'), bytes };
}

async function writeSidecar(root: string, file: string, sidecar: Sidecar): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = path.join(root, '.tmp', randomUUID());
  await fs.writeFile(tmp, JSON.stringify(sidecar));
  await fs.rename(tmp, file);
}

async function readSidecar(file: string): Promise<Sidecar | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(ignoreMissing);
  return text ? (JSON.parse(text) as Sidecar) : undefined;
}

function ignoreMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
  throw error;
}
