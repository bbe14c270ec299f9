import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isProcessAlive } from '../process-alive';

const PREFIX = 'atelier-media-';
/** `atelier-media-<pid>-XXXXXX`: a folder of the process `pid`. */
const OWNED = /^atelier-media-(\d+)-[A-Za-z0-9]{6}$/;
/** `atelier-media-XXXXXX`: made before folders named their process. */
const UNOWNED = /^atelier-media-[A-Za-z0-9]{6}$/;
/** An unowned folder may belong to a live worker of an older version: it must be this much older. */
const UNOWNED_GRACE_MS = 60 * 60_000;

/** A scratch folder for media tools, named after this process so that a sweep knows whose it is. */
export function makeMediaTempDir(root = tmpdir()): Promise<string> {
  return mkdtemp(join(root, `${PREFIX}${process.pid}-`));
}

export interface SweepOptions {
  /** Where the folders are; the system's temp folder by default. */
  root?: string;
  /** When this process started, in ms: folders touched since then may be in use. */
  startedAt?: number;
}

/**
 * Removes the scratch folders a killed worker left behind (issue 12 item 13), at worker start.
 * 1. Only `atelier-media-*` folders whose newest entry was touched before this process started.
 * 2. Of those, a folder named after a live process other than this one is in use: kept.
 * 3. A folder that names no process is removed only when it is also an hour old.
 * Returns the paths removed; a folder that vanishes meanwhile is skipped.
 */
export async function sweepMediaTempDirs(options: SweepOptions = {}): Promise<string[]> {
  const root = options.root ?? tmpdir();
  const startedAt = options.startedAt ?? Date.now() - process.uptime() * 1000;
  const removed: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(PREFIX)) continue;
    const owner = OWNED.exec(entry.name)?.[1];
    if (owner === undefined && !UNOWNED.test(entry.name)) continue;
    const path = join(root, entry.name);
    const touched = await lastTouched(path);
    if (touched === null || touched >= startedAt) continue;
    if (owner !== undefined && Number(owner) !== process.pid && isProcessAlive(Number(owner))) continue;
    if (owner === undefined && touched >= startedAt - UNOWNED_GRACE_MS) continue;
    await rm(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

/** The newest modification time of a folder and its entries; null once it is gone. */
async function lastTouched(dir: string): Promise<number | null> {
  try {
    const times = [(await stat(dir)).mtimeMs];
    for (const name of await readdir(dir))
      times.push((await stat(join(dir, name)).catch(() => ({ mtimeMs: 0 }))).mtimeMs);
    return Math.max(...times);
  } catch {
    return null;
  }
}
