import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFsStorage } from '../../../adapters/storage/fs-storage';
import type { Storage } from '../../../adapters/storage/storage';
import { readAll } from './read-all';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('createFsStorage', () => {
  let root: string;
  let storage: Storage;

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'atelier-fs-storage-'));
    storage = createFsStorage({ root, publicBaseUrl: 'http://localhost:3000/' });
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  test('putBuffer stores the bytes and returns a reference with size, sha256 and public URL', async () => {
    const body = Buffer.from('hello, atelier');

    const stored = await storage.putBuffer('runs/r1/n1/r1/hello.txt', body, 'text/plain');

    expect(stored).toEqual({
      key: 'runs/r1/n1/r1/hello.txt',
      url: 'http://localhost:3000/cdn/runs/r1/n1/r1/hello.txt',
      mimeType: 'text/plain',
      bytes: body.length,
      sha256: sha256(body),
    });
    expect(await fs.readFile(path.join(root, 'runs/r1/n1/r1/hello.txt'))).toEqual(body);
  });

  test('putFile streams a local file and hashes it on the way', async () => {
    const source = path.join(root, 'source.bin');
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    await fs.writeFile(source, body);

    const stored = await storage.putFile('media/clip.mp4', source, 'video/mp4');

    expect(stored.bytes).toBe(body.length);
    expect(stored.sha256).toBe(sha256(body));
    expect(await readAll(await storage.read('media/clip.mp4'))).toEqual(body);
  });

  test('read returns an inclusive byte range, clamped to the end of the object', async () => {
    await storage.putBuffer('a/digits.txt', Buffer.from('0123456789'), 'text/plain');

    expect((await readAll(await storage.read('a/digits.txt', { start: 2, end: 5 }))).toString()).toBe('2345');
    expect((await readAll(await storage.read('a/digits.txt', { start: 8, end: 100 }))).toString()).toBe('89');
    await expect(storage.read('a/digits.txt', { start: 10, end: 12 })).rejects.toThrow(RangeError);
  });

  test('stat reports size and the stored mime type, or null for a missing key', async () => {
    await storage.putBuffer('a/data.bin', Buffer.from([1, 2, 3]), 'image/png');

    const stat = await storage.stat('a/data.bin');

    expect(stat).toEqual({ bytes: 3, mimeType: 'image/png', lastModified: expect.any(Date) });
    expect(await storage.stat('a/missing.png')).toBeNull();
  });

  test('stat derives the mime type from the extension when there is no sidecar', async () => {
    await fs.mkdir(path.join(root, 'legacy'), { recursive: true });
    await fs.writeFile(path.join(root, 'legacy/photo.jpg'), Buffer.from([0xff, 0xd8]));

    expect((await storage.stat('legacy/photo.jpg'))?.mimeType).toBe('image/jpeg');
  });

  test('overwriting a key replaces the object whole and leaves no temp files behind', async () => {
    await storage.putBuffer('a/x.txt', Buffer.from('first version, longer'), 'text/plain');
    await storage.putBuffer('a/x.txt', Buffer.from('second'), 'text/plain');

    expect((await readAll(await storage.read('a/x.txt'))).toString()).toBe('second');
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  test('downloadToFile copies the object to a local path, creating folders', async () => {
    await storage.putBuffer('a/x.txt', Buffer.from('payload'), 'text/plain');
    const target = path.join(root, 'work', 'deep', 'x.txt');

    await storage.downloadToFile('a/x.txt', target);

    expect(await fs.readFile(target, 'utf8')).toBe('payload');
  });

  test('delete removes the object and is quiet for a missing key', async () => {
    await storage.putBuffer('a/x.txt', Buffer.from('payload'), 'text/plain');

    await storage.delete('a/x.txt');
    await storage.delete('a/never-existed.txt');

    expect(await storage.stat('a/x.txt')).toBeNull();
    await expect(storage.read('a/x.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test.each([
    '../escape.txt',
    'a/../../b.txt',
    '/etc/passwd',
    'a//b.txt',
    'a/.meta/x',
    'white space.png',
    'a\\b.png',
    '',
  ])('rejects the unsafe key %j', async (key) => {
    await expect(storage.putBuffer(key, Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(() => storage.url(key)).toThrow();
  });

  test('keyOf reads the key back from a URL under <base>/cdn/, and nothing else', () => {
    expect(storage.keyOf('http://localhost:3000/cdn/runs/r1/a%20b.png')).toBeNull();
    expect(storage.keyOf('http://localhost:3000/cdn/runs/r1/image.png?x=1')).toBe('runs/r1/image.png');
    expect(storage.keyOf('HTTP://LOCALHOST:3000/cdn/runs/r1/image.png')).toBe('runs/r1/image.png');
    for (const url of [
      'http://localhost:3001/cdn/runs/r1/image.png',
      'https://localhost:3000/cdn/runs/r1/image.png',
      'http://localhost:3000/v1/runs',
      'http://localhost:3000/cdn/../v1/runs',
      'http://localhost:3000/cdn/a/%2e%2e/%2e%2e/etc/passwd',
      'http://localhost:3000/cdn/.meta/x.json',
      'http://localhost:3000/cdn/%ZZ',
      'not a url',
    ])
      expect(storage.keyOf(url)).toBeNull();
  });

  test('copy duplicates an object under another key inside the folder, keeping its type', async () => {
    const body = Buffer.from('an output');
    await storage.putBuffer('runs/r1/image.png', body, 'image/png');

    const copied = await storage.copy('runs/r1/image.png', 'transfers/w1/t1/image.png');

    expect(copied).toMatchObject({
      key: 'transfers/w1/t1/image.png',
      url: 'http://localhost:3000/cdn/transfers/w1/t1/image.png',
      mimeType: 'image/png',
      bytes: body.length,
    });
    expect(await readAll(await storage.read(copied.key))).toEqual(body);
    await expect(storage.copy('runs/r1/missing.png', 'transfers/x.png')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  test('the driver name is fs', () => {
    expect(storage.driver).toBe('fs');
  });
});
