import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from '../process-alive';

/**
 * The embedded PGlite database is a folder only one process may open. The process that opens it
 * claims the data folder by writing `<dataDir>/atelier.pid`; others read that file to learn who holds
 * the folder and reach it through its admin socket instead of opening the database themselves.
 */
export interface DataDirOwner {
  pid: number;
  /** The API base URL, once the holder is listening. */
  apiUrl?: string;
  startedAt: string;
}

export interface DataDirClaim {
  /** Rewrites the pid file, e.g. with the API URL once the server listens. */
  update(info: { apiUrl?: string }): void;
  /** Removes the pid file if it is still ours. */
  release(): void;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner,
  ) {
    super(
      `the data folder ${dataDir} is in use by process ${owner.pid}${owner.apiUrl ? ` (${owner.apiUrl})` : ''}`,
    );
    this.name = 'DataDirBusyError';
  }
}

export const pidFilePath = (dataDir: string) => join(dataDir, 'atelier.pid');
export const adminSocketPath = (dataDir: string) => join(dataDir, 'admin.sock');

/**
 * Claims the data folder for this process.
 * 1. Create the pid file atomically and exclusively (a hard link of a written temp file), so two
 *    processes racing cannot both win and nobody reads a half-written file.
 * 2. If it exists and its process is alive (and not us), throw DataDirBusyError.
 * 3. If its process is gone, the file is stale: remove it and try once more.
 */
export function claimDataDir(dataDir: string, info: { apiUrl?: string } = {}): DataDirClaim {
  mkdirSync(dataDir, { recursive: true });
  const path = pidFilePath(dataDir);
  const owner: DataDirOwner = { pid: process.pid, startedAt: new Date().toISOString(), ...info };
  for (let attempt = 0; ; attempt++) {
    try {
      createExclusively(path, owner);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const current = readOwnerFile(path);
      if (current && current.pid === process.pid) {
        writeOwner(path, owner);
        break;
      }
      if (current && isProcessAlive(current.pid)) throw new DataDirBusyError(dataDir, current);
      if (attempt > 0) throw new Error(`could not claim ${path}: another process keeps replacing it`);
      unlinkQuietly(path);
    }
  }
  return {
    update(next) {
      Object.assign(owner, next);
      if (readOwnerFile(path)?.pid === process.pid) writeOwner(path, owner);
    },
    release() {
      if (readOwnerFile(path)?.pid === process.pid) unlinkQuietly(path);
    },
  };
}

/** The live process holding the data folder, or null when the folder is free (no file, or a stale one). */
export function readDataDirOwner(dataDir: string): DataDirOwner | null {
  const owner = readOwnerFile(pidFilePath(dataDir));
  return owner && isProcessAlive(owner.pid) ? owner : null;
}

function readOwnerFile(path: string): DataDirOwner | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<DataDirOwner>;
    if (!Number.isInteger(parsed.pid) || parsed.pid! <= 0) return null;
    return {
      pid: parsed.pid!,
      startedAt: String(parsed.startedAt ?? ''),
      ...(parsed.apiUrl ? { apiUrl: String(parsed.apiUrl) } : {}),
    };
  } catch {
    // A half-written or foreign file names no live owner.
    return null;
  }
}

/** Readers must never see a half-written file: write beside it, then rename over it. */
function writeOwner(path: string, owner: DataDirOwner): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(owner), { mode: 0o644 });
  renameSync(tmp, path);
}

/** link() fails with EEXIST when the path exists, and the file appears complete. */
function createExclusively(path: string, owner: DataDirOwner): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(owner), { mode: 0o644 });
  try {
    linkSync(tmp, path);
  } finally {
    unlinkQuietly(tmp);
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
